/**
 * The median of the samples of the last `windowMs` (and never fewer than the last three; a
 * window of 0 turns the filter off). It reports NaN (not measured) until three samples have
 * arrived, at the start and after a gap of several windows:
 * removes short tracking glitches (an elbow angle that jumps 100 degrees for a frame or two)
 * the same way at any frame rate, while following real movement about half a window late.
 */
/** After a gap of this many windows without samples, older samples are forgotten. */
const STALE_AFTER_WINDOWS = 3;

export class TimeMedian {
  private readonly values: number[] = [];
  private readonly times: number[] = [];
  private readonly sorted: number[] = [];

  constructor(
    readonly windowMs: number,
    readonly minSamples = 3,
  ) {}

  push(value: number, timestampMs: number): number {
    if (this.windowMs <= 0) return value; // filtering off
    const newest = this.times[this.times.length - 1];
    // Samples from before a gap of several windows describe another moment: start afresh.
    if (newest !== undefined && timestampMs - newest > STALE_AFTER_WINDOWS * this.windowMs)
      this.reset();
    this.values.push(value);
    this.times.push(timestampMs);
    while (this.values.length > this.minSamples && timestampMs - this.times[0]! > this.windowMs) {
      this.values.shift();
      this.times.shift();
    }
    // Until a few samples agree, one of them may be the glitch: report nothing yet.
    if (this.values.length < this.minSamples) return Number.NaN;
    const sorted = this.sorted;
    sorted.length = 0;
    for (const v of this.values) sorted.push(v);
    sorted.sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  }

  reset(): void {
    this.values.length = 0;
    this.times.length = 0;
  }
}
