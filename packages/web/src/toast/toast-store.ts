// Toasts (spec 01 §9): one visible at a time (a new one replaces the old), and a dismissed toast
// is removed from the list 5000 ms after dismissal, which leaves its closing animation time.

import { useSyncExternalStore } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '../constants/limits';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

export type ToastAction =
  | { type: 'add'; toast: ToastItem }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

/** Newest first, at most TOAST_LIMIT. Dismissing closes (all when no id); removing drops. */
export function toastReducer(toasts: ToastItem[], action: ToastAction): ToastItem[] {
  switch (action.type) {
    case 'add':
      return [action.toast, ...toasts].slice(0, TOAST_LIMIT);
    case 'dismiss':
      return toasts.map((toast) =>
        action.id === undefined || toast.id === action.id ? { ...toast, open: false } : toast,
      );
    case 'remove':
      return action.id === undefined ? [] : toasts.filter((toast) => toast.id !== action.id);
  }
}

/** A toast list with its removal timers; `setTimer` is injectable for tests. */
export class ToastStore {
  private toasts: ToastItem[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly removalTimers = new Map<string, unknown>();
  private counter = 0;

  constructor(
    private readonly setTimer: (task: () => void, delayMs: number) => unknown = (task, delay) =>
      setTimeout(task, delay),
  ) {}

  getToasts = (): ToastItem[] => this.toasts;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  show(input: ToastInput): string {
    this.counter += 1;
    const id = String(this.counter);
    this.dispatch({ type: 'add', toast: { ...input, id, open: true } });
    return id;
  }

  dismiss(id?: string): void {
    const ids = id === undefined ? this.toasts.map((toast) => toast.id) : [id];
    for (const each of ids) this.scheduleRemoval(each);
    this.dispatch({ type: 'dismiss', id });
  }

  private scheduleRemoval(id: string): void {
    if (this.removalTimers.has(id)) return;
    this.removalTimers.set(
      id,
      this.setTimer(() => {
        this.removalTimers.delete(id);
        this.dispatch({ type: 'remove', id });
      }, TOAST_REMOVE_DELAY_MS),
    );
  }

  private dispatch(action: ToastAction): void {
    this.toasts = toastReducer(this.toasts, action);
    for (const listener of this.listeners) listener();
  }
}

export const toastStore = new ToastStore();

export function toast(input: ToastInput): string {
  return toastStore.show(input);
}

/** An error toast: title 'Error' unless given, destructive style. */
export function errorToast(description: string, title = 'Error'): string {
  return toastStore.show({ title, description, variant: 'destructive' });
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(toastStore.subscribe, toastStore.getToasts);
}
