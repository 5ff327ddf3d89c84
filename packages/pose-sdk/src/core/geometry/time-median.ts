/** Fewest samples the median is taken of (a window holds more at high frame rates). */
export const TIME_MEDIAN_MIN_SAMPLES = 3;
/** After a gap of this many windows without samples, older samples are forgotten. */
const STALE_AFTER_WINDOWS = 3;
/** Most samples a window keeps (a 100 ms window at 240 fps holds 24); a power of two. */
const MAX_SAMPLES = 64;
const INDEX_MASK = MAX_SAMPLES - 1; // i & INDEX_MASK is i & INDEX_MASK, cheaper

/**
 * The median of the samples of the last `windowMs` (and never fewer than the last three; a
 * window of 0 turns the filter off). It reports NaN (not measured) until three samples have
 * arrived, at the start and after a gap of several windows: removes short tracking glitches
 * (an elbow angle that jumps 100 degrees for a frame or two) over the same time span at any frame
 * rate that fits `minSamples` in it, while following real movement about half a window late.
 * Allocates nothing per sample.
 *
 * When fewer than `minSamples` fit in the window (for 100 ms and 3 samples: every window below
 * 20 fps, and the windows around a dropped frame when 30 fps is sampled down to 20-29 fps), the
 * window stretches over the last `minSamples` and the median also flattens real movement: at
 * 15 fps the top of a fast push-up may be one sample, 10 degrees above its neighbours, and the
 * median of three erases it. With `keepWithin` > 0 a stretched window is then a Hampel filter:
 * its middle sample is reported as measured when it lies within `keepWithin` (the samples'
 * unit) of the median, and only a farther one is a glitch replaced by the median. Windows that
 * are not stretched, and `keepWithin` 0 (the default), give the plain median.
 */
export class TimeMedian {
  private readonly values = new Float64Array(MAX_SAMPLES);
  private readonly times = new Float64Array(MAX_SAMPLES);
  private readonly sorted = new Float64Array(MAX_SAMPLES);
  /** Ring buffer: the oldest sample is at `head`, `count` samples in all. */
  private head = 0;
  private count = 0;

  constructor(
    readonly windowMs: number,
    readonly minSamples = TIME_MEDIAN_MIN_SAMPLES,
    readonly keepWithin = 0,
  ) {}

  push(value: number, timestampMs: number): number {
    if (this.windowMs <= 0) return value; // filtering off
    if (this.count > 0) {
      const newest = this.times[(this.head + this.count - 1) & INDEX_MASK]!;
      // Samples from before a gap of several windows describe another moment: start afresh.
      if (timestampMs - newest > STALE_AFTER_WINDOWS * this.windowMs) this.reset();
    }
    if (this.count === MAX_SAMPLES) this.dropOldest();
    const slot = (this.head + this.count) & INDEX_MASK;
    this.values[slot] = value;
    this.times[slot] = timestampMs;
    this.count++;
    while (this.count > this.minSamples && timestampMs - this.times[this.head]! > this.windowMs)
      this.dropOldest();
    // Until a few samples agree, one of them may be the glitch: report nothing yet.
    if (this.count < this.minSamples) return Number.NaN;
    const median = this.median();
    const stretched = timestampMs - this.times[this.head]! > this.windowMs;
    if (this.keepWithin <= 0 || !stretched) return median;
    // The middle sample in time (the newer of two), reported with the median's delay.
    const middle = this.values[(this.head + (this.count >> 1)) & INDEX_MASK]!;
    return Math.abs(middle - median) <= this.keepWithin ? middle : median;
  }

  reset(): void {
    this.head = 0;
    this.count = 0;
  }

  private dropOldest(): void {
    this.head = (this.head + 1) & INDEX_MASK;
    this.count--;
  }

  /**
   * The median of the window. At 30 fps a 100 ms window holds three or four samples: their
   * median is picked by comparisons (every analysed angle runs this on every frame); longer
   * windows are sorted.
   */
  private median(): number {
    const values = this.values;
    const head = this.head;
    const n = this.count;
    if (n === 3) {
      return middleOfThree(
        values[head]!,
        values[(head + 1) & INDEX_MASK]!,
        values[(head + 2) & INDEX_MASK]!,
      );
    }
    if (n === 4) {
      return middleTwoMean(
        values[head]!,
        values[(head + 1) & INDEX_MASK]!,
        values[(head + 2) & INDEX_MASK]!,
        values[(head + 3) & INDEX_MASK]!,
      );
    }
    return this.sortedMedian();
  }

  /** Insertion sort of the samples in the window, then the middle one (or mean of two). */
  private sortedMedian(): number {
    const sorted = this.sorted;
    const n = this.count;
    for (let i = 0; i < n; i++) {
      const value = this.values[(this.head + i) & INDEX_MASK]!;
      let j = i - 1;
      while (j >= 0 && sorted[j]! > value) {
        sorted[j + 1] = sorted[j]!;
        j--;
      }
      sorted[j + 1] = value;
    }
    const middle = n >> 1;
    return n % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  }
}

/** The middle of three values (the one sorting puts second). */
function middleOfThree(a: number, b: number, c: number): number {
  return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
}

/**
 * The mean of the middle two of four values, as sorting would give it: the larger of the two
 * pairs' smaller values and the smaller of their larger values are the middle two, and a sum does
 * not depend on the order of its two terms.
 */
function middleTwoMean(a: number, b: number, c: number, d: number): number {
  const secondLowest = Math.max(Math.min(a, b), Math.min(c, d));
  const secondHighest = Math.min(Math.max(a, b), Math.max(c, d));
  return (secondLowest + secondHighest) / 2;
}
