/**
 * Optional smoothing for angle series: an exponential moving average whose weight depends on the
 * time since the previous sample, so it behaves the same at 15 fps and at 30 fps.
 * `timeConstantMs` is how long a step takes to reach 63% of its height; 0 turns smoothing off.
 */
export class TimeSmoother {
  private value = Number.NaN;
  private lastTimestampMs = Number.NaN;

  constructor(readonly timeConstantMs: number) {}

  push(sample: number, timestampMs: number): number {
    if (this.timeConstantMs <= 0 || Number.isNaN(this.value) || Number.isNaN(sample)) {
      this.value = sample;
    } else {
      const elapsed = Math.max(0, timestampMs - this.lastTimestampMs); // ms
      const weight = 1 - Math.exp(-elapsed / this.timeConstantMs);
      this.value += weight * (sample - this.value);
    }
    this.lastTimestampMs = timestampMs;
    return this.value;
  }

  reset(): void {
    this.value = Number.NaN;
    this.lastTimestampMs = Number.NaN;
  }
}
