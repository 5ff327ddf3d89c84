// The admin area's toasts: the spec's message as the title (spec 02 §8), and for failures the
// cause underneath when there is one, so the admin knows what to do.

import { toast } from '../../../toast/toast-store';

export function adminSuccess(message: string, description?: string): void {
  toast({ title: message, description });
}

/** The cause of a failure in words: the server's message, or nothing. */
export function causeOf(error: unknown): string | undefined {
  const message =
    error !== null && typeof error === 'object' && 'message' in error ? error.message : undefined;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

export function adminFailure(message: string, description?: string): void {
  toast({ title: message, description, variant: 'destructive' });
}
