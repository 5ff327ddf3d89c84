// Local auto-save (spec 01 §4, §9): an edit marks the definition unsaved, and it is kept in the
// browser AUTO_SAVE_DELAY_MS after the LAST edit (each edit restarts the wait). Timers are
// injected so the timing is tested with fake timers and no DOM.

export type SaveStatus = 'saved' | 'unsaved';

export interface AutoSaverOptions<T> {
  delayMs: number;
  save: (value: T) => void;
  onStatusChange?: (status: SaveStatus) => void;
  /** A save that threw (storage full or blocked); the edit stays unsaved. */
  onError: (error: unknown) => void;
  setTimer?: (task: () => void, delayMs: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export class AutoSaver<T> {
  private pending: { value: T } | null = null;
  private timer: unknown = null;
  private current: SaveStatus = 'saved';
  private readonly setTimer: (task: () => void, delayMs: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly options: AutoSaverOptions<T>) {
    this.setTimer = options.setTimer ?? ((task, delay) => setTimeout(task, delay));
    this.clearTimer =
      options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  get status(): SaveStatus {
    return this.current;
  }

  /** An edit: remember the value and (re)start the wait. */
  edit(value: T): void {
    this.pending = { value };
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = this.setTimer(() => this.flush(), this.options.delayMs);
    this.setStatus('unsaved');
  }

  /** Saves a pending edit now (leaving the editor inside the app, for instance). */
  flush(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    try {
      this.options.save(pending.value);
    } catch (error) {
      this.options.onError(error);
      return;
    }
    this.setStatus('saved');
  }

  /** Drops a pending edit without saving it. */
  cancel(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.pending = null;
    this.setStatus('saved');
  }

  private setStatus(status: SaveStatus): void {
    if (status === this.current) return;
    this.current = status;
    this.options.onStatusChange?.(status);
  }
}
