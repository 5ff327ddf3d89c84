/**
 * The mean of the last `capacity` samples, in constant time and without allocating per sample
 * (analysers run at over a million frames a second).
 */
export class RollingMean {
  private readonly samples: Float64Array;
  private next = 0;
  private count = 0;
  private sum = 0;

  constructor(readonly capacity: number) {
    this.samples = new Float64Array(capacity);
  }

  push(value: number): number {
    if (this.count === this.capacity) this.sum -= this.samples[this.next]!;
    else this.count++;
    this.samples[this.next] = value;
    this.sum += value;
    this.next = this.next + 1 === this.capacity ? 0 : this.next + 1;
    return this.mean;
  }

  get mean(): number {
    return this.count === 0 ? Number.NaN : this.sum / this.count;
  }

  get size(): number {
    return this.count;
  }

  clear(): void {
    this.next = 0;
    this.count = 0;
    this.sum = 0;
  }
}
