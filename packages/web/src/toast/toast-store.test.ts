import { describe, expect, it } from 'vitest';
import { ToastStore, toastReducer } from './toast-store';

describe('toasts (spec 01 §9)', () => {
  it('keeps one toast: a new one replaces the visible one', () => {
    const store = new ToastStore(() => 0);
    store.show({ title: 'First' });
    store.show({ title: 'Second' });
    expect(store.getToasts().map((toast) => toast.title)).toEqual(['Second']);
  });

  it('removes a dismissed toast 5000 ms after dismissal, not before', () => {
    const timers: { task: () => void; delay: number }[] = [];
    const store = new ToastStore((task, delay) => timers.push({ task, delay }));
    const id = store.show({ title: 'Saved', description: 'ok' });
    expect(timers).toHaveLength(0);
    store.dismiss(id);
    expect(store.getToasts()).toEqual([expect.objectContaining({ id, open: false })]);
    expect(timers.map((timer) => timer.delay)).toEqual([5000]);
    timers[0]!.task();
    expect(store.getToasts()).toEqual([]);
  });

  it('dismissing twice schedules one removal; dismissing all closes all', () => {
    const timers: number[] = [];
    const store = new ToastStore((_task, delay) => timers.push(delay));
    const id = store.show({ title: 'A' });
    store.dismiss(id);
    store.dismiss(id);
    expect(timers).toEqual([5000]);
    expect(toastReducer([{ id: '1', title: 'x', open: true }], { type: 'dismiss' })[0]!.open).toBe(
      false,
    );
  });

  it('tells its listeners about every change', () => {
    const store = new ToastStore(() => 0);
    let calls = 0;
    const stop = store.subscribe(() => {
      calls += 1;
    });
    store.show({ title: 'A' });
    store.dismiss();
    stop();
    store.show({ title: 'B' });
    expect(calls).toBe(2);
  });
});
