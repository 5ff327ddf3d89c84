import { TIME_MEDIAN_MIN_SAMPLES, TimeMedian } from '../geometry/time-median.js';

/** The analyser settings of the glitch median (docs/decisions.md, Analysers). */
export interface GlitchFilterConfig {
  /** ms of the median; 0 turns the filter off */
  readonly glitchWindow: number;
  /** degrees: below 20 fps, a sample this close to the median is kept as measured */
  readonly glitchKeepWithin: number;
}

/**
 * One angle's glitch median as both analysers use it: a TimeMedian of `glitchWindow` over at
 * least three samples, a Hampel filter of `glitchKeepWithin` where three samples span more than
 * the window. An angle that could not be measured (NaN) is reported as such and leaves the window
 * as it was, so a frame without the joint neither feeds nor breaks the median.
 */
export class GlitchFilter extends TimeMedian {
  constructor(config: GlitchFilterConfig) {
    super(config.glitchWindow, TIME_MEDIAN_MIN_SAMPLES, config.glitchKeepWithin);
  }

  /** degrees in, degrees out: the filtered angle, NaN while unmeasured or warming up. */
  filter(measured: number, timestampMs: number): number {
    return Number.isNaN(measured) ? measured : this.push(measured, timestampMs);
  }
}
