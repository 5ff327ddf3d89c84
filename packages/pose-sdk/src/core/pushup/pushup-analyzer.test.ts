import { describe, expect, it } from 'vitest';
import {
  dimmedPose,
  FRAME_SIZE,
  framesOf,
  type PushupPose,
  pushupLandmarks,
  repElbow,
} from '../../../test/support/synthetic-pushup.js';
import { PUSHUP_ANALYZER_DEFAULTS, type PushupAnalyzerConfig } from '../constants.js';
import type { PushupRepRecord } from '../events.js';
import type { PoseFrame } from '../types.js';
import { INCOMPLETE_RANGE_OF_MOTION } from './judge-pushup-rep.js';
import { PushupAnalyzer, type PushupEvent } from './pushup-analyzer.js';

/** The spec's rules are tested with the glitch filter off, so thresholds apply to exact angles. */
const EXACT = { glitchWindow: 0 } as const;

function analyse(
  frames: readonly PoseFrame[],
  finish = true,
  config: Partial<PushupAnalyzerConfig> = EXACT,
): { analyzer: PushupAnalyzer; events: PushupEvent[] } {
  const analyzer = new PushupAnalyzer({ frameSize: FRAME_SIZE, config });
  const events: PushupEvent[] = [];
  for (const frame of frames) events.push(...analyzer.process(frame));
  if (finish) events.push(...analyzer.finish());
  return { analyzer, events };
}

function reps(
  options: Parameters<typeof repElbow>[0],
  pose: (t: number, elbow: number) => PushupPose = (_t, elbow) => ({ elbow }),
  fps = 30,
  config: Partial<PushupAnalyzerConfig> = EXACT,
) {
  const { elbowAt, durationMs } = repElbow(options);
  return analyse(
    framesOf(durationMs, fps, (t) => pose(t, elbowAt(t))),
    true,
    config,
  ).analyzer;
}

/** An angle (degrees) over time (ms), linear between the given points and flat after the last. */
function piecewise(points: readonly (readonly [number, number])[]): (t: number) => number {
  return (t) => {
    for (let i = 1; i < points.length; i++) {
      const [t1, a1] = points[i]!;
      if (t <= t1) {
        const [t0, a0] = points[i - 1]!;
        return a0 + ((a1 - a0) * (t - t0)) / (t1 - t0);
      }
    }
    return points[points.length - 1]![1];
  };
}

const reasons = (analyzer: PushupAnalyzer) => analyzer.reps.map((rep) => rep.invalidReason);

describe('PushupAnalyzer phases', () => {
  it('goes up, transition, down, transition, up for one rep and counts it valid', () => {
    const { analyzer, events } = analyse(
      framesOf(2000, 30, (t) => ({ elbow: repElbow({ reps: 1 }).elbowAt(t) })),
    );
    const phases = events
      .filter((e) => e.type === 'phase')
      .map((e) => (e.type === 'phase' ? e.to : ''));
    expect(phases).toEqual(['up', 'transition', 'down', 'transition', 'up']);
    expect(analyzer.state.currentPhase).toBe('up');
    expect(analyzer.reps.map((rep) => rep.invalidReason)).toEqual([null]);
  });

  it('lets the first frame set down in the down zone (<= 120 degrees) and up above it', () => {
    const first = (elbow: number) =>
      analyse([{ timestampMs: 0, landmarks: pushupLandmarks({ elbow }) }]).analyzer.state
        .currentPhase;
    expect(first(170)).toBe('up');
    expect(first(121)).toBe('up');
    expect(first(119.5)).toBe('down');
    expect(first(90)).toBe('down');
  });

  it('starts in unknown and stays there while no elbow can be measured', () => {
    const analyzer = new PushupAnalyzer({ frameSize: FRAME_SIZE });
    expect(analyzer.state.currentPhase).toBe('unknown');
    analyzer.process({ timestampMs: 0, landmarks: [] });
    analyzer.process({
      timestampMs: 33,
      landmarks: pushupLandmarks({ elbow: 170, visibility: 0.2 }),
    });
    expect(analyzer.state.currentPhase).toBe('unknown');
  });

  it('needs at least 50 ms between changes of up and down', () => {
    // Up at 0 ms; a 40 ms dip to 90 degrees cannot become down (only 40 ms after the first change).
    const frames = [0, 20, 40, 60, 80].map((t, i) => ({
      timestampMs: t,
      landmarks: pushupLandmarks({ elbow: i === 1 || i === 2 ? 90 : 170 }),
    }));
    const { events } = analyse(frames);
    expect(events.some((e) => e.type === 'phase' && e.to === 'down')).toBe(false);
    // At 60 ms it may change.
    const later = [0, 60, 120].map((t, i) => ({
      timestampMs: t,
      landmarks: pushupLandmarks({ elbow: i === 1 ? 90 : 170 }),
    }));
    expect(analyse(later).events.some((e) => e.type === 'phase' && e.to === 'down')).toBe(true);
  });

  it('uses the spec thresholds: up from 160 degrees, down up to 120 degrees', () => {
    const at = (elbow: number) => {
      const analyzer = new PushupAnalyzer({ frameSize: FRAME_SIZE, config: EXACT });
      analyzer.process({ timestampMs: 0, landmarks: pushupLandmarks({ elbow: 170 }) });
      analyzer.process({ timestampMs: 100, landmarks: pushupLandmarks({ elbow }) });
      return analyzer.state.currentPhase;
    };
    expect(at(160.5)).toBe('up');
    expect(at(159.5)).toBe('transition');
    expect(at(120.5)).toBe('transition');
    expect(at(119.5)).toBe('down');
  });
});

describe('PushupAnalyzer reps', () => {
  it('counts each down-and-up cycle and resets its counters after each rep', () => {
    const analyzer = reps({ reps: 3 });
    expect(analyzer.reps.map((rep) => rep.repNumber)).toEqual([1, 2, 3]);
    expect(analyzer.state.repCount).toBe(3);
    for (const rep of analyzer.reps) expect(rep.minElbowAngle).toBeCloseTo(80, 0);
  });

  it('records startTime when the rep leaves the top and endTime when it is back up', () => {
    const [rep] = reps({ reps: 1, repMs: 1000, restMs: 500 }).reps;
    expect(rep!.startTime).toBeLessThanOrEqual(600);
    expect(rep!.startTime).toBeGreaterThanOrEqual(400);
    expect(rep!.endTime).toBeGreaterThan(1300);
    expect(rep!.endTime).toBeLessThanOrEqual(1500);
  });

  it('marks a return to up without reaching down as an incomplete range of motion', () => {
    expect(reasons(reps({ reps: 1, bottom: 125 }))).toEqual([INCOMPLETE_RANGE_OF_MOTION]);
  });

  it("marks a rep that reached down (<= 120) but not 105 degrees as 'Elbow angle too high'", () => {
    expect(reasons(reps({ reps: 1, bottom: 110 }))).toEqual(['Elbow angle too high']);
    expect(reasons(reps({ reps: 1, bottom: 100 }))).toEqual([null]);
  });

  it('marks a rep whose arms did not get back to 160 degrees as "Didn\'t extend fully"', () => {
    const analyzer = reps({ reps: 3, top: 170, betweenTop: 145, bottom: 80 });
    expect(reasons(analyzer)).toEqual(["Didn't extend fully", "Didn't extend fully", null]);
  });

  it('marks a dip that never reached down and turned at a top below up as "Didn\'t go low enough"', () => {
    // With a 30-degree minimum rise such a dip barely fits the 120-160 transition zone, so this
    // uses a smaller minimum to show the rule.
    const { elbowAt, durationMs } = repElbow({ reps: 3, top: 170, betweenTop: 157, bottom: 124 });
    const analyzer = new PushupAnalyzer({ frameSize: FRAME_SIZE, config: { minCycleRise: 30 } });
    for (const frame of framesOf(durationMs, 30, (t) => ({ elbow: elbowAt(t) })))
      analyzer.process(frame);
    expect(reasons(analyzer)).toEqual([
      "Didn't go low enough",
      "Didn't go low enough",
      INCOMPLETE_RANGE_OF_MOTION,
    ]);
  });

  it('does not count a wobble at the top of less than 30 degrees as a rep', () => {
    expect(reps({ reps: 2, top: 170, bottom: 145 }).reps).toHaveLength(0);
    expect(reps({ reps: 2, top: 170, bottom: 135 }).reps).toHaveLength(2);
  });

  it('does not count a dip that bent 30 degrees but left the top again before rising 30', () => {
    // Linear pieces of the elbow angle: [time ms, degrees]. A hold at 176 that sags to 162, a
    // 36-degree dip from the first top that rises only 27 (to 167), then one real rep.
    const elbow = piecewise([
      [0, 176],
      [1500, 162],
      [2000, 140],
      [2400, 167],
      [3000, 167],
      [3600, 80],
      [4200, 170],
      [4800, 170],
    ]);
    const { analyzer } = analyse(framesOf(4800, 30, (t) => ({ elbow: elbow(t) })));
    expect(analyzer.reps).toHaveLength(1);
    expect(analyzer.reps[0]!.startTime).toBeGreaterThanOrEqual(3000);
    expect(analyzer.reps[0]!.minElbowAngle).toBeCloseTo(80, 0);
  });

  it('completes a rep whose first frame back at full extension is under 30 degrees above the bottom once it rises further', () => {
    // A shallow bottom (135): at 10 fps the first frame at or above 160 is 162, the next 172.
    const elbow = piecewise([
      [0, 175],
      [300, 175],
      [900, 135],
      [1500, 175],
      [2000, 175],
    ]);
    const { analyzer, events } = analyse(framesOf(2000, 10, (t) => ({ elbow: elbow(t) })));
    expect(analyzer.reps).toHaveLength(1);
    const repEvent = events.find((event) => event.type === 'rep');
    expect(repEvent?.timestampMs).toBe(1400);
  });

  it('does not end a rep on a brief dip on the way up', () => {
    const { elbowAt, durationMs } = repElbow({ reps: 1, top: 170, bottom: 70, repMs: 1200 });
    // A 20-degree dip for 100 ms while rising through 130 degrees.
    const wobbly = (t: number) => elbowAt(t) - (t > 1250 && t < 1350 ? 20 : 0);
    const { analyzer } = analyse(framesOf(durationMs, 30, (t) => ({ elbow: wobbly(t) })));
    expect(analyzer.reps).toHaveLength(1);
    expect(analyzer.reps[0]!.isValidRep).toBe(true);
  });

  it('does not count a rise from the bottom at the start of a clip, but counts a clip that starts leaving a top', () => {
    const risingFirst = analyse(
      framesOf(3000, 30, (t) => ({
        elbow: t < 1000 ? 80 + (t / 1000) * 90 : repElbow({ reps: 1, restMs: 0 }).elbowAt(t - 1000),
      })),
    );
    expect(risingFirst.analyzer.reps).toHaveLength(1);
    // Begins at 166 degrees on the way down: straight arms, the first top.
    const descendingFirst = analyse(
      framesOf(1500, 30, (t) => ({
        elbow: repElbow({ reps: 1, restMs: 0, repMs: 1500 }).elbowAt(t + 100),
      })),
    );
    expect(descendingFirst.analyzer.reps).toHaveLength(1);
  });

  it('a stream that begins half-way down rises to its first top before any rep (docs/decisions.md, "The first top")', () => {
    // Held at 125 degrees (above the down zone, short of straight), then down and up: that first
    // rise is no rep; the next descent from the top it reached is.
    const rep = repElbow({ reps: 1, restMs: 0 }).elbowAt;
    const elbow = (t: number) =>
      t < 1000 ? 125 : t < 1500 ? 125 - ((t - 1000) / 500) * 45 : rep(t - 1500 + 500);
    const heldHalfWay = analyse(framesOf(3000, 30, (t) => ({ elbow: elbow(t) })));
    expect(heldHalfWay.analyzer.reps).toHaveLength(0);
    const thenARep = analyse(
      framesOf(4500, 30, (t) => ({ elbow: t < 3000 ? elbow(t) : rep(t - 3000) })),
    );
    expect(thenARep.analyzer.reps).toHaveLength(1);
  });

  it('finish() counts a last rep whose rise nearly reached the top when the stream ends', () => {
    const { elbowAt } = repElbow({ reps: 1, top: 170, bottom: 70, repMs: 1000, restMs: 300 });
    const frames = framesOf(1150, 30, (t) => ({ elbow: elbowAt(t) })); // ends at about 149 degrees, rising
    expect(analyse(frames, false).analyzer.reps).toHaveLength(0);
    const { analyzer } = analyse(frames, true);
    expect(analyzer.reps).toHaveLength(1);
    // A stream that ends half-way up does not count.
    expect(analyse(framesOf(1050, 30, (t) => ({ elbow: elbowAt(t) }))).analyzer.reps).toHaveLength(
      0,
    );
  });

  it('counts the same reps at 30, 15 and 10 frames per second', () => {
    for (const fps of [30, 15, 10]) {
      const analyzer = reps({ reps: 4, repMs: 600, restMs: 100, betweenTop: 150 }, undefined, fps);
      expect(analyzer.reps.length, `${fps} fps`).toBe(4);
    }
  });
});

describe('PushupAnalyzer validity checks', () => {
  it('requires body alignment of at least 75%: a bend of 27 degrees at the hip scores 70%', () => {
    const analyzer = reps({ reps: 1 }, (_t, elbow) => ({ elbow, hip: 153 }));
    expect(reasons(analyzer)).toEqual(['Poor body alignment: 70% < 75%']);
    const fine = reps({ reps: 1 }, (_t, elbow) => ({ elbow, hip: 160 }));
    expect(reasons(fine)).toEqual([null]);
    expect(fine.reps[0]!.alignmentScore).toBeCloseTo(77.8, 1);
  });

  it('averages alignment over the last 10 samples: a 6-frame sag is no drop, a longer one is', () => {
    const sag = (frames: number) =>
      reps({ reps: 1, repMs: 2000 }, (t, elbow) => ({
        elbow,
        hip: t >= 1000 && t < 1000 + (frames * 1000) / 30 - 1 ? 90 : 180,
      }));
    // Scores of 0 amid 100s: the 10-sample mean falls below 60 (75 - 15) from the 5th bad sample.
    expect(sag(4).reps[0]!.alignmentDropCount).toBe(0);
    expect(sag(5).reps[0]!.alignmentDropCount).toBeGreaterThan(0);
  });

  it('makes a rep with more than 6 alignment drops invalid, and keeps one with 6', () => {
    const sagFor = (frames: number) =>
      reps({ reps: 1, repMs: 4000 }, (t, elbow) => ({
        elbow,
        hip: t >= 2000 && t < 2000 + (frames * 1000) / 30 - 1 ? 90 : 180,
      }));
    // A 5-frame sag keeps the 10-sample mean under 60% for 6 samples, a 6-frame sag for 7.
    const six = sagFor(5).reps[0]!;
    const seven = sagFor(6).reps[0]!;
    expect(six.alignmentDropCount).toBe(6);
    expect(six.invalidReason).toBeNull();
    expect(seven.alignmentDropCount).toBe(7);
    expect(seven.invalidReason).toBe(
      'Lost alignment during movement: body not maintained in straight line',
    );
  });

  it('measures an elbow whose own landmarks are at 0.7 x 0.5 visibility, but not below', () => {
    // The left elbow is dim; shoulders and wrists stay visible so the landmark gate still passes
    // (4 of 6 arm landmarks), and the right arm cannot be measured at all.
    const dimElbow =
      (visibility: number) =>
      (_t: number, elbow: number): PushupPose => ({
        elbow,
        visibilityById: { 13: visibility, 14: 0.1 },
      });
    expect(reps({ reps: 1 }, dimElbow(0.36)).reps).toHaveLength(1);
    expect(reps({ reps: 1 }, dimElbow(0.34)).reps).toHaveLength(0);
  });

  it('needs 4 of 6 arm landmarks and 2 of 4 hip and leg landmarks visible at 0.5 to follow a frame', () => {
    const hidden = (ids: number[]) => dimmedPose(ids, 0.4);
    expect(reasons(reps({ reps: 1 }, hidden([12, 14])))).toEqual([null]); // 4 of 6 arms
    expect(reps({ reps: 1 }, hidden([12, 14, 16])).reps).toHaveLength(0);
    expect(reasons(reps({ reps: 1 }, hidden([24, 26])))).toEqual([null]); // 2 of 4 hips and knees
    expect(reps({ reps: 1 }, hidden([24, 25, 26])).reps).toHaveLength(0);
  });

  it('marks a rep invalid for visibility when most of its frames failed the landmark gate', () => {
    // Every other frame of the rep loses an arm: the rep is followed on the rest, but half or
    // more of its frames could not be checked.
    let frameIndex = 0;
    const flickering = (t: number, elbow: number): PushupPose => {
      frameIndex++;
      const lost = t > 550 && t < 1400 && frameIndex % 3 !== 0;
      return { elbow, visibilityById: lost ? { 12: 0.1, 14: 0.1, 16: 0.1 } : {} };
    };
    expect(reasons(reps({ reps: 1 }, flickering))).toEqual(['Insufficient landmark visibility']);
  });

  it('does not hold frames where the detector found no one against visibility (docs/decisions.md, "Visibility")', () => {
    // The detector loses the person for 4 frames in every 10 through the rep (a camera low on the
    // floor, a front view at the bottom): the frames it found them on all pass the gates.
    const { elbowAt, durationMs } = repElbow({ reps: 1 });
    let frameIndex = 0;
    const { analyzer } = analyse(
      framesOf(durationMs, 30, (t) => {
        frameIndex++;
        const lost = t > 550 && t < 1400 && frameIndex % 10 < 4;
        return lost ? null : { elbow: elbowAt(t) };
      }),
    );
    expect(analyzer.reps.map((rep) => rep.invalidReason)).toEqual([null]);
    const visibility = analyzer.reps[0]!.evidence!.checks.find(
      (check) => check.rule === 'visibility',
    );
    expect(visibility?.value).toBe(1);
  });

  it('fills the rep record: minElbowAngle, alignmentScore, maxAngleRange, minAlignmentDuringCycle, alignmentDropCount', () => {
    const [rep] = reps({ reps: 1, top: 170, bottom: 80 }, (_t, elbow) => ({ elbow, hip: 171 }))
      .reps as PushupRepRecord[];
    expect(rep!.minElbowAngle).toBeCloseTo(80, 0);
    expect(rep!.maxAngleRange).toBeCloseTo(90, 0);
    expect(rep!.alignmentScore).toBeCloseTo(90, 1);
    expect(rep!.minAlignmentDuringCycle).toBeCloseTo(90, 1);
    expect(rep!.alignmentDropCount).toBe(0);
    // ...after the common fields and the evidence, in this order (hosts compare JSON byte for byte).
    expect(Object.keys(rep!).slice(6)).toEqual([
      'minElbowAngle',
      'alignmentScore',
      'maxAngleRange',
      'minAlignmentDuringCycle',
      'alignmentDropCount',
    ]);
  });
});

describe('PushupAnalyzer robustness decisions', () => {
  it('ignores a tracking glitch of one frame: no extra rep, no broken rep', () => {
    const { elbowAt, durationMs } = repElbow({ reps: 2, repMs: 1000 });
    // A one-frame drop to 30 degrees at the top, and a one-frame jump to 170 at the bottom.
    const glitchy = (t: number) =>
      Math.abs(t - 300) < 10 ? 30 : Math.abs(t - 1000) < 10 ? 170 : elbowAt(t);
    const withFilter = analyse(
      framesOf(durationMs, 30, (t) => ({ elbow: glitchy(t) })),
      true,
      {},
    ).analyzer;
    expect(withFilter.reps.map((rep) => rep.isValidRep)).toEqual([true, true]);
    const withoutFilter = analyse(
      framesOf(durationMs, 30, (t) => ({ elbow: glitchy(t) })),
    ).analyzer;
    expect(withoutFilter.reps.length).not.toBe(2);
  });

  it('does not follow frames with an upright torso (standing, kneeling up): no push-up position', () => {
    const standingUp = (_t: number, elbow: number): PushupPose => ({ elbow, torso: 'upright' });
    const analyzer = reps({ reps: 2 }, standingUp);
    expect(analyzer.reps).toHaveLength(0);
    expect(analyzer.state.isValidPosition).toBe(false);
    // A torso within 55 degrees of upright is excluded, a level one is followed.
    expect(reps({ reps: 2 }).reps).toHaveLength(2);
  });

  it('skips the first 100 ms after the person is found again, when BlazePose is often wrong', () => {
    const { elbowAt, durationMs } = repElbow({ reps: 2, repMs: 1000, restMs: 300 });
    // Nobody for 100 ms at the bottom of the first rep, then two wrong frames (a 'top').
    const pose = (t: number): PushupPose | null => {
      if (t > 700 && t < 800) return null;
      if (t >= 800 && t < 860) return { elbow: 170 };
      return { elbow: elbowAt(t) };
    };
    const settled = analyse(framesOf(durationMs, 30, pose), true, {}).analyzer;
    expect(settled.reps).toHaveLength(2);
    const unsettled = analyse(framesOf(durationMs, 30, pose), true, {
      reacquireSettle: 0,
    }).analyzer;
    expect(unsettled.reps).not.toHaveLength(2);
  });

  it('drops the cycle in progress after losing the person for over a second', () => {
    const { elbowAt } = repElbow({ reps: 1, repMs: 1000, restMs: 300 });
    // Down at 800 ms, nobody seen from 900 to 2100 ms, back at the top afterwards.
    const frames = framesOf(2600, 30, (t) =>
      t > 900 && t < 2100 ? null : { elbow: t >= 2100 ? 170 : elbowAt(t) },
    );
    expect(analyse(frames).analyzer.reps).toHaveLength(0);
    // A shorter gap keeps the rep.
    const shortGap = framesOf(2000, 30, (t) =>
      t > 900 && t < 1500 ? null : { elbow: t >= 1500 ? 170 : elbowAt(t) },
    );
    expect(analyse(shortGap).analyzer.reps).toHaveLength(1);
  });

  it('does not count the settling after a gap, nor the filter warm-up, towards the one-second limit', () => {
    const { elbowAt } = repElbow({ reps: 1, repMs: 1000, restMs: 300 });
    // Nobody for 900 ms at the bottom (as BlazePose often does at 15 fps); settling and the
    // glitch filter's three fresh samples add about 200 ms before the elbow is measured again.
    const lostAtBottom = (t: number): PushupPose | null =>
      t > 850 && t < 1700 ? null : { elbow: t >= 1700 ? 170 : elbowAt(t) };
    expect(analyse(framesOf(2600, 15, lostAtBottom), true, {}).analyzer.reps).toHaveLength(1);
    // Gone for longer than a second, the cycle is dropped.
    const goneLonger = (t: number): PushupPose | null =>
      t > 850 && t < 2000 ? null : { elbow: t >= 2000 ? 170 : elbowAt(t) };
    expect(analyse(framesOf(2800, 15, goneLonger), true, {}).analyzer.reps).toHaveLength(0);
  });

  it('finish() judges the last rise on the last measured angle, not the filtered one', () => {
    const { elbowAt } = repElbow({ reps: 1, top: 170, bottom: 70, repMs: 1000, restMs: 300 });
    // The stream ends while rising fast: the filtered angle lags behind the last measurement.
    // Last frame at 1167 ms: 153 degrees measured (83% of the way back up), 140 after filtering.
    const frames = framesOf(1190, 30, (t) => ({ elbow: elbowAt(t) }));
    expect(analyse(frames, true, {}).analyzer.reps).toHaveLength(1);
  });
});

// Frame checks, reset, determinism and tracking gaps: test/rep-analyzer-contract.test.ts.
describe('PushupAnalyzer as a component', () => {
  it("starts in 'unknown' and returns there on reset", () => {
    const { elbowAt, durationMs } = repElbow({ reps: 1 });
    const { analyzer } = analyse(framesOf(durationMs, 30, (t) => ({ elbow: elbowAt(t) })));
    expect(analyzer.state.currentPhase).toBe('up');
    analyzer.reset();
    expect(analyzer.state.currentPhase).toBe('unknown');
  });

  it('adds a timeline entry per phase change, mapping up to start and down to end', () => {
    const { analyzer } = analyse(
      framesOf(2000, 30, (t) => ({ elbow: repElbow({ reps: 1 }).elbowAt(t) })),
    );
    expect(analyzer.timeline.map((entry) => entry.phase)).toEqual([
      'start',
      'transition',
      'end',
      'transition',
      'start',
    ]);
    expect(
      analyzer.timeline.every((entry) => entry.valid && typeof entry.angles.elbow === 'number'),
    ).toBe(true);
  });

  it('skips frames with nobody in them', () => {
    const { elbowAt, durationMs } = repElbow({ reps: 1 });
    const frames = framesOf(durationMs, 30, (t) =>
      t > 700 && t < 800 ? null : { elbow: elbowAt(t) },
    );
    expect(analyse(frames).analyzer.reps).toHaveLength(1);
  });

  it('uses the spec constants unless told otherwise', () => {
    expect(new PushupAnalyzer({ frameSize: FRAME_SIZE }).config).toMatchObject({
      minAlignmentScore: 75,
      maxElbowAngleForDown: 105,
      minUpAngle: 160,
      maxDownAngle: 120,
      minTransitionTime: 50,
      minLandmarkVisibility: 0.5,
      elbowVisibilityFactor: 0.7,
      minVisibleArmLandmarks: 4,
      minVisibleHipLegLandmarks: 2,
      alignmentSampleCount: 10,
      alignmentDropMargin: 15,
      maxAlignmentDrops: 6,
    });
    expect(PUSHUP_ANALYZER_DEFAULTS.minUpAngle).toBe(160);
  });
});
