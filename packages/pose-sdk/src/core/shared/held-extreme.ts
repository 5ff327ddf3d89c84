/**
 * The most extreme level a measurement held for at least `holdMs` (ms) over a stretch of frames:
 * with 'max', the highest value the measurement stayed at or above for holdMs (over every holdMs
 * window of consecutive measured frames, the lowest value in it; then the highest of those); with
 * 'min', the reverse; between two frames the measurement moves in a straight line, so a hold
 * means the same time at any frame rate. A judge sees a sagging body or a bent knee that lasts,
 * not one frame of tracking noise, so body-line rules are judged on held extremes. A frame that could not be
 * measured (NaN) breaks the hold. Allocation-free after construction: the window lives in a ring.
 */
export class HeldExtreme {
  private readonly times: Float64Array;
  private readonly values: Float64Array;
  /** Index of the oldest kept sample, and how many are kept. */
  private head = 0;
  private size = 0;
  private best = Number.NaN;
  private bestAt = Number.NaN;

  constructor(
    private readonly direction: 'max' | 'min',
    /** ms a level must hold */
    private readonly holdMs: number,
    /** samples a window can hold: at least holdMs times the highest frame rate, plus one */
    capacity = 64,
  ) {
    this.times = new Float64Array(capacity);
    this.values = new Float64Array(capacity);
  }

  /** The held extreme so far; NaN when nothing held for holdMs yet. */
  get value(): number {
    return this.best;
  }

  /** ms: the last frame of the window where the held extreme was reached; NaN with no value. */
  get timeMs(): number {
    return this.bestAt;
  }

  /** Forgets the stretch (a new rep). */
  reset(): void {
    this.head = 0;
    this.size = 0;
    this.best = Number.NaN;
    this.bestAt = Number.NaN;
  }

  push(value: number, timestampMs: number): void {
    if (Number.isNaN(value)) {
      this.size = 0; // a gap breaks the hold
      return;
    }
    const capacity = this.times.length;
    if (this.size === capacity) {
      this.head = (this.head + 1) % capacity;
      this.size--;
    }
    const tail = (this.head + this.size) % capacity;
    this.times[tail] = timestampMs;
    this.values[tail] = value;
    this.size++;
    // Keep one sample at or before the window's start: its value held until the next sample.
    const windowStart = timestampMs - this.holdMs;
    while (this.size > 1 && this.times[(this.head + 1) % capacity]! <= windowStart) {
      this.head = (this.head + 1) % capacity;
      this.size--;
    }
    const t0 = this.times[this.head]!;
    if (t0 > windowStart) return; // not held long enough yet
    // The window starts between the oldest sample and the next: the measurement is taken to move
    // in a straight line between them, so the hold is holdMs at any frame rate (held step-wise,
    // a 12 fps hold spanned up to 183 ms where a 30 fps one spans 100-133 ms).
    const next = (this.head + 1) % capacity;
    const v0 = this.values[this.head]!;
    const t1 = this.times[next]!;
    let level =
      t0 === windowStart ? v0 : v0 + ((this.values[next]! - v0) * (windowStart - t0)) / (t1 - t0);
    for (let i = 1; i < this.size; i++) {
      const v = this.values[(this.head + i) % capacity]!;
      if (this.direction === 'max' ? v < level : v > level) level = v;
    }
    if (
      Number.isNaN(this.best) ||
      (this.direction === 'max' ? level > this.best : level < this.best)
    ) {
      this.best = level;
      this.bestAt = timestampMs;
    }
  }
}
