/** The two decisions about losing and finding the person again (docs/decisions.md, Analysers). */
export interface PresenceConfig {
  /** ms after the person is found again whose frames are skipped */
  readonly reacquireSettle: number;
  /** ms without the person after which the cycle in progress is dropped */
  readonly maxTrackingGap: number;
}

/**
 * Follows the person's presence in the stream, for both analysers:
 * - **Settling.** After frames without landmarks, BlazePose's first frames on finding the person
 *   again are often wrong (a 166 degree "top" between two bottoms), so the first
 *   `reacquireSettle` ms are skipped.
 * - **Tracking gaps.** When the person was gone for longer than `maxTrackingGap`, nothing is
 *   known of the cycle in progress and the analyser drops it. The gap runs from the last usable
 *   frame to the first frame that shows the person again; the settling is the analyser's choice,
 *   not the person's absence, and is not counted.
 *
 * What a usable frame is stays the analyser's rule (a push-up position; all phase-driving angles
 * measured); this class only keeps the time. Pure: time comes from the frames.
 */
export class PresenceTracker {
  private readonly settleMs: number;
  private readonly maxGapMs: number;
  /** No landmarks in a recent frame: the next frame with landmarks starts settling. */
  private personLost = false;
  /** ms: frames before this are settling */
  private settleUntil = Number.NEGATIVE_INFINITY;
  /** ms of settling since the last usable frame */
  private settleCredit = 0;
  /** ms: the first frame since the last usable one that showed the person, if noted */
  private seenAgainAt: number | null = null;
  /** ms: the last usable frame (none yet: no gap can be measured) */
  private lastUsableAt = Number.POSITIVE_INFINITY;

  constructor(config: PresenceConfig) {
    this.settleMs = config.reacquireSettle;
    this.maxGapMs = config.maxTrackingGap;
  }

  /** Call for every frame, in order: true when the frame falls in the settling and is skipped. */
  isSettling(t: number, personSeen: boolean): boolean {
    // Kept small for the analysers' per-frame path: only a change of presence does more.
    if (personSeen === this.personLost) this.presenceChanged(t);
    return t < this.settleUntil;
  }

  /** The person was just lost, or just found again: then settling starts. */
  private presenceChanged(t: number): void {
    if (!this.personLost) {
      this.personLost = true;
      return;
    }
    this.personLost = false;
    this.settleUntil = t + this.settleMs;
    this.settleCredit += this.settleMs;
  }

  /**
   * The person is seen in this frame, but it cannot be used yet (the glitch filter's warm-up,
   * which is the analyser's, not the person's): the gap ends at the first such frame.
   */
  seenAgain(t: number): void {
    if (this.seenAgainAt === null) this.seenAgainAt = t;
  }

  /** The person is not measurable in this frame: a gap, if any, goes on. */
  notSeen(): void {
    this.seenAgainAt = null;
  }

  /**
   * A usable frame. True when the person had been gone longer than `maxTrackingGap` before it
   * (the cycle in progress is to be dropped); the gap, if any, ends here.
   */
  isBackAfterLongGap(t: number): boolean {
    const gapEnd = this.seenAgainAt ?? t;
    const long = gapEnd - this.lastUsableAt - this.settleCredit > this.maxGapMs;
    this.lastUsableAt = t;
    this.seenAgainAt = null;
    this.settleCredit = 0;
    return long;
  }

  reset(): void {
    this.personLost = false;
    this.settleUntil = Number.NEGATIVE_INFINITY;
    this.settleCredit = 0;
    this.seenAgainAt = null;
    this.lastUsableAt = Number.POSITIVE_INFINITY;
  }
}
