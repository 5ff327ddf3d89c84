// At most N ffmpeg processes at once in this server, whatever asks for them: the checks of an
// upload whose sender is waiting for the answer go first, media jobs (thumbnails, GIFs) after.
// Without it, 50 uploads at once started 100 ffmpeg processes on two cores: GIFs hit their
// timeout and /health took over 10 s.

export type FfmpegPriority = 'upload-check' | 'media-job';

interface Waiter {
  priority: FfmpegPriority;
  start: () => void;
}

export class FfmpegPool {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) {
      throw new RangeError(`An ffmpeg pool needs at least one slot, got ${size}`);
    }
  }

  /** Runs `work` once a slot is free, and frees the slot when it settles. */
  async run<T>(priority: FfmpegPriority, work: () => Promise<T>): Promise<T> {
    await this.acquire(priority);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Processes running and waiting now (for logs). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private acquire(priority: FfmpegPriority): Promise<void> {
    if (this.running < this.size) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const waiter: Waiter = { priority, start: resolve };
      if (priority === 'upload-check') {
        // Ahead of every media job, behind earlier upload checks.
        const firstJob = this.waiting.findIndex((entry) => entry.priority === 'media-job');
        this.waiting.splice(firstJob === -1 ? this.waiting.length : firstJob, 0, waiter);
      } else {
        this.waiting.push(waiter);
      }
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next waiter; `running` stays the same.
    if (next) next.start();
    else this.running--;
  }
}
