import { describe, expect, it } from 'vitest';
import { PresenceTracker } from './presence-tracker.js';

const config = { reacquireSettle: 100, maxTrackingGap: 1_000 };

/** Feeds frames (ms, person seen) and returns the times of the settling ones. */
function settlingFrames(tracker: PresenceTracker, frames: readonly [number, boolean][]): number[] {
  return frames.filter(([t, seen]) => tracker.isSettling(t, seen)).map(([t]) => t);
}

describe('PresenceTracker settling', () => {
  it('skips nothing while the person stays in view, from the first frame on', () => {
    const tracker = new PresenceTracker(config);
    expect(
      settlingFrames(tracker, [
        [0, true],
        [33, true],
        [67, true],
      ]),
    ).toEqual([]);
  });

  it('skips the first 100 ms after the person is found again, the 100th ms no longer', () => {
    const tracker = new PresenceTracker(config);
    const frames: [number, boolean][] = [
      [0, true],
      [40, false],
      [80, false],
      [120, true],
      [180, true],
      [219, true],
      [220, true],
      [260, true],
    ];
    expect(settlingFrames(tracker, frames)).toEqual([120, 180, 219]);
  });

  it('starts settling afresh when the person is lost again while settling', () => {
    const tracker = new PresenceTracker(config);
    expect(
      settlingFrames(tracker, [
        [0, false],
        [50, true],
        [100, false],
        [120, true],
        [200, true],
        [220, true],
      ]),
    ).toEqual([50, 100, 120, 200]);
  });
});

describe('PresenceTracker tracking gaps', () => {
  it('never calls the first usable frame a gap, however late it comes', () => {
    const tracker = new PresenceTracker(config);
    expect(tracker.isBackAfterLongGap(60_000)).toBe(false);
  });

  it('calls a gap of over 1 s between usable frames long, and one of exactly 1 s not', () => {
    const tracker = new PresenceTracker(config);
    tracker.isBackAfterLongGap(0);
    expect(tracker.isBackAfterLongGap(1_000)).toBe(false);
    expect(tracker.isBackAfterLongGap(2_001)).toBe(true);
  });

  it('does not count the settling towards the gap', () => {
    const gapWithSettling = (foundAgainAt: number) => {
      const tracker = new PresenceTracker(config);
      tracker.isSettling(0, true);
      tracker.isBackAfterLongGap(0);
      tracker.isSettling(500, false);
      tracker.isSettling(foundAgainAt, true); // settling until foundAgainAt + 100
      return tracker.isBackAfterLongGap(foundAgainAt + 100);
    };
    // Gone from 0 to 950 ms: the first usable frame comes at 1,050, 950 ms of absence.
    expect(gapWithSettling(950)).toBe(false);
    // Gone from 0 to 1,050 ms: over a second without the person.
    expect(gapWithSettling(1_050)).toBe(true);
  });

  it('ends the gap at the first frame that showed the person, not at the next usable one', () => {
    const tracker = new PresenceTracker(config);
    tracker.isBackAfterLongGap(0);
    tracker.seenAgain(900); // seen, but the frame cannot be used yet (filter warm-up)
    tracker.seenAgain(967);
    expect(tracker.isBackAfterLongGap(1_033)).toBe(false);
  });

  it('forgets a sighting when the person is lost again before a usable frame', () => {
    const tracker = new PresenceTracker(config);
    tracker.isBackAfterLongGap(0);
    tracker.seenAgain(900);
    tracker.notSeen();
    tracker.seenAgain(1_050);
    expect(tracker.isBackAfterLongGap(1_100)).toBe(true);
  });

  it('forgets everything on reset', () => {
    const tracker = new PresenceTracker(config);
    tracker.isSettling(0, false);
    tracker.isBackAfterLongGap(0);
    tracker.reset();
    expect(tracker.isSettling(5_000, true)).toBe(false);
    expect(tracker.isBackAfterLongGap(5_000)).toBe(false);
  });
});
