/**
 * The definition analyser's relative cycle measure (a definition's `cycle.measure: 'relative'`):
 * reps cut where a signal turns, as the push-up analyser cuts its reps at the elbow's turning
 * points. The signal is high at the top of the exercise and low at its bottom (the analyser sums
 * its phase-driving angles, each turned so that start is high). A rep leaves a top, falls by at
 * least `minTurn`, and rises again by at least `minTurn`; it ends where the position is back in the
 * start phase's ranges, or, for a top short of them, where the signal turns down again below
 * half-way between that top and the bottom (a brief wobble on the way up does not end a rep).
 * Pure and allocation-free: time comes from the samples (ms).
 */

/** One rep cut by turns: where it started, bottomed out and ended (ms; degrees of the signal). */
export interface TurnCycle {
  readonly startTime: number;
  readonly startValue: number;
  readonly bottomTime: number;
  readonly bottomValue: number;
  readonly endTime: number;
  readonly endValue: number;
}

/** Share of its descent a last rise must recover when the stream ends mid-rise (a clip cut at the top). */
const FINAL_RISE_SHARE = 0.75;

/**
 * degrees: at a top, a rise of more than this after a dip makes a new top, so that a rep starts
 * from the last top the body left (a long hold, a dip and a rise again: kneeling, then holding the
 * plank), not the highest reading since the stream began. Tracking jitter at a held top is 2-3.
 */
const TOP_RENEWAL = 5;

export class TurnCycles {
  private inCycle = false;
  private topValue = Number.NEGATIVE_INFINITY;
  private topTime = 0;
  /** ms: the last sample within TOP_RENEWAL of the top: where the body left it. */
  private topLeftTime = 0;
  /** The lowest sample since the top (not in a cycle). */
  private lowSinceTop = Number.POSITIVE_INFINITY;
  /**
   * A top has been seen: the stream was in the start phase, or rose by minTurn. A stream that
   * begins mid-way or at the bottom rises to its first top before any rep (that rise is no rep).
   */
  private armed = false;
  private lowSinceStart = Number.POSITIVE_INFINITY;
  /** The cycle's top (it started from here), bottom, and highest point since the bottom. */
  private startValue = 0;
  private startTime = 0;
  private lowValue = Number.POSITIVE_INFINITY;
  private lowTime = 0;
  private riseValue = Number.NaN;
  private riseTime = 0;
  private lastValue = Number.NaN;
  private lastTime = 0;

  constructor(
    /** degrees of the signal a rep falls from its top and rises from its bottom */
    private readonly minTurn: number,
  ) {}

  /** A rep is in progress: it left a top and has not ended. */
  get cycleInProgress(): boolean {
    return this.inCycle;
  }

  /** ms: when the rep in progress left its top (meaningful while cycleInProgress). */
  get cycleStartTime(): number {
    return this.startTime;
  }

  /** ms of the lowest sample of the rep in progress, and of the highest since it (NaN: none yet). */
  get bottomTime(): number {
    return this.lowTime;
  }

  get riseTopTime(): number {
    return Number.isNaN(this.riseValue) ? Number.NaN : this.riseTime;
  }

  reset(): void {
    this.inCycle = false;
    this.topValue = Number.NEGATIVE_INFINITY;
    this.topTime = 0;
    this.topLeftTime = 0;
    this.lowSinceTop = Number.POSITIVE_INFINITY;
    this.armed = false;
    this.lowSinceStart = Number.POSITIVE_INFINITY;
    this.riseValue = Number.NaN;
    this.lastValue = Number.NaN;
  }

  /**
   * The next sample of the signal (degrees, high at the top) at `t` (ms); `inStartPhase`: the
   * position is inside the start phase's ranges. Returns the rep it completes, if any.
   */
  push(signal: number, t: number, inStartPhase: boolean): TurnCycle | null {
    if (Number.isNaN(signal)) return null;
    this.lastValue = signal;
    this.lastTime = t;
    if (!this.armed) {
      if (signal < this.lowSinceStart) this.lowSinceStart = signal;
      this.armed = inStartPhase || signal - this.lowSinceStart >= this.minTurn;
    }
    if (!this.inCycle) {
      // Ties take the later sample: a rep starts when the body leaves the top, not when it got there.
      if (signal >= this.topValue || signal > this.lowSinceTop + TOP_RENEWAL) {
        this.topValue = signal;
        this.topTime = t;
        this.topLeftTime = t;
        this.lowSinceTop = signal;
      } else if (signal >= this.topValue - TOP_RENEWAL) {
        // Still at the top (a held top drifts a degree or two): the rep will start from here.
        this.topLeftTime = t;
        if (signal < this.lowSinceTop) this.lowSinceTop = signal;
      } else if (this.armed && signal <= this.topValue - this.minTurn / 2) {
        this.startCycle(signal, t);
      } else if (signal < this.lowSinceTop) {
        this.lowSinceTop = signal;
      }
      return null;
    }
    const descent = this.startValue - this.lowValue;
    // Checked before a new bottom is taken: at low frame rates one sample can go from above
    // half-way straight past the previous bottom.
    if (this.riseValue - this.lowValue >= this.minTurn && descent >= this.minTurn) {
      if (signal <= (this.riseValue + this.lowValue) / 2) {
        // Turned down short of the start phase: the rise's top ended the rep, the next one
        // started there.
        const rep = this.completed(this.riseTime, this.riseValue);
        this.topValue = this.riseValue;
        this.topTime = this.riseTime;
        this.topLeftTime = this.riseTime;
        this.startCycle(signal, t);
        return rep;
      }
    }
    if (signal < this.lowValue) {
      this.lowValue = signal;
      this.lowTime = t;
      this.riseValue = Number.NaN;
    } else if (!(signal <= this.riseValue)) {
      this.riseValue = signal; // also the first sample after the bottom (NaN compares false)
      this.riseTime = t;
    }
    if (inStartPhase && descent >= this.minTurn && signal - this.lowValue >= this.minTurn) {
      // Back in the start phase: the rep ends here, and the body is at a top again.
      const rep = this.completed(t, signal);
      this.inCycle = false;
      this.topValue = signal;
      this.topTime = t;
      this.topLeftTime = t;
      this.lowSinceTop = signal;
      return rep;
    }
    if (descent < this.minTurn && signal >= this.startValue - TOP_RENEWAL) {
      // Back near the top before it had bent enough: a wobble at the top, not a rep; the next
      // rep starts from the top this rise reaches.
      this.inCycle = false;
      this.topValue = signal;
      this.topTime = t;
      this.topLeftTime = t;
      this.lowSinceTop = signal;
    }
    return null;
  }

  /** End of the stream: a last rise that has recovered most of its descent completes its rep. */
  finish(): TurnCycle | null {
    if (!this.inCycle) return null;
    const top =
      !Number.isNaN(this.riseValue) && this.riseValue >= this.lastValue
        ? { value: this.riseValue, time: this.riseTime }
        : { value: this.lastValue, time: this.lastTime };
    const descent = this.startValue - this.lowValue;
    const rise = top.value - this.lowValue;
    if (descent < this.minTurn || rise < this.minTurn || rise < FINAL_RISE_SHARE * descent) {
      return null;
    }
    this.inCycle = false;
    return this.completed(top.time, top.value);
  }

  private startCycle(signal: number, t: number): void {
    this.inCycle = true;
    this.startValue = this.topValue;
    this.startTime = Math.max(this.topTime, this.topLeftTime);
    this.lowValue = signal;
    this.lowTime = t;
    this.riseValue = Number.NaN;
  }

  private completed(endTime: number, endValue: number): TurnCycle {
    return {
      startTime: this.startTime,
      startValue: this.startValue,
      bottomTime: this.lowTime,
      bottomValue: this.lowValue,
      endTime,
      endValue,
    };
  }
}
