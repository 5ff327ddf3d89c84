import { type ExerciseDefinitionInput, normalizeDefinition } from '@reptemple/definitions';
import { describe, expect, it } from 'vitest';
import {
  dimmedPose,
  FRAME_SIZE,
  framesOf,
  type PushupPose,
  pushupLandmarks,
  repElbow,
} from '../../../test/support/synthetic-pushup.js';
import type { DefinitionPhase, TimelineEntry } from '../events.js';
import type { PoseFrame } from '../types.js';
import { DefinitionAnalyzer, type DefinitionEvent } from './definition-analyzer.js';

const base = {
  name: 'Test push-up',
  cameraPosition: 'front',
  angles: [
    { id: 'elbow', name: 'Elbow', landmarks: [11, 13, 15] },
    { id: 'body', name: 'Body line', landmarks: [11, 23, 27] },
  ],
  phases: {
    start: { angleRanges: { elbow: { min: 150, max: 180 }, body: { min: 160, max: 180 } } },
    transition: { angleRanges: { elbow: { min: 100, max: 150 }, body: { min: 160, max: 180 } } },
    end: { angleRanges: { elbow: { min: 0, max: 100 }, body: { min: 160, max: 180 } } },
  },
  globalAlignments: ['body'],
  timing: { minPhaseHoldTime: 0, transitionDebounce: 0, startingPositionHoldTime: 0 },
} satisfies ExerciseDefinitionInput;

type Overrides = Partial<Omit<ExerciseDefinitionInput, 'timing'>> & {
  timing?: ExerciseDefinitionInput['timing'];
};

/** The spec's rules are tested with the glitch filter off, so ranges apply to exact angles. */
function analyzerFor(overrides: Overrides = {}, glitchWindow = 0): DefinitionAnalyzer {
  const definition = normalizeDefinition({
    ...base,
    ...overrides,
    timing: { ...base.timing, ...overrides.timing },
  });
  return new DefinitionAnalyzer({ definition, frameSize: FRAME_SIZE, glitchWindow });
}

function run(analyzer: DefinitionAnalyzer, frames: readonly PoseFrame[]): DefinitionEvent[] {
  const events: DefinitionEvent[] = [];
  for (const frame of frames) events.push(...analyzer.process(frame));
  return events;
}

/** Frames of a sequence of elbow angles held for the given ms each, at 30 fps. */
function held(
  steps: readonly [elbow: number, ms: number, extra?: Partial<PushupPose>][],
  fps = 30,
): PoseFrame[] {
  const total = steps.reduce((sum, [, ms]) => sum + ms, 0);
  return framesOf(total - 1, fps, (t) => {
    let at = 0;
    for (const [elbow, ms, extra] of steps) {
      if (t < at + ms) return { elbow, ...extra };
      at += ms;
    }
    return { elbow: steps[steps.length - 1]![0] };
  });
}

function repsOf(
  options: Parameters<typeof repElbow>[0],
  pose: (t: number, elbow: number) => PushupPose = (_t, elbow) => ({ elbow }),
  fps = 30,
): PoseFrame[] {
  const { elbowAt, durationMs } = repElbow(options);
  return framesOf(durationMs, fps, (t) => pose(t, elbowAt(t)));
}

/** A stop condition: the knees bent to 120 degrees or less (kneeling down to rest). */
const stopAtKnees: Overrides = {
  angles: [
    ...base.angles,
    { id: 'knees', name: 'Knees down', landmarks: [23, 25, 27], exerciseStop: true },
  ],
  stopCondition: { enabled: true, angleRanges: { knees: { min: 0, max: 120 } } },
};
/** Three reps, kneeling from 2.0 to 2.3 s, after the first. */
const kneelAfterFirstRep = repsOf({ reps: 3 }, (t, elbow) => ({
  elbow,
  knee: t > 2000 && t < 2300 ? 90 : 180,
}));

const phasesOf = (events: readonly DefinitionEvent[]) =>
  events.flatMap((e) => (e.type === 'phase' ? [e.to] : []));
const reasonsOf = (analyzer: DefinitionAnalyzer) => analyzer.reps.map((rep) => rep.invalidReason);

describe('DefinitionAnalyzer cycle', () => {
  it('counts start, transition, end, transition, start as one valid rep', () => {
    const analyzer = analyzerFor();
    const events = run(analyzer, repsOf({ reps: 1 }));
    expect(phasesOf(events)).toEqual(['start', 'transition', 'end', 'transition', 'start']);
    expect(analyzer.state).toMatchObject({ currentPhase: 'start', isValidPosition: true });
    expect(reasonsOf(analyzer)).toEqual([null]);
  });

  it('records the rep from leaving start to returning to start', () => {
    const analyzer = analyzerFor();
    run(analyzer, repsOf({ reps: 1, repMs: 1000, restMs: 500 }));
    const [rep] = analyzer.reps;
    expect(rep!.startTime).toBeGreaterThan(500);
    expect(rep!.startTime).toBeLessThan(800);
    expect(rep!.endTime).toBeGreaterThan(1200);
    expect(rep!.endTime).toBeLessThanOrEqual(1500);
  });

  it('stays in a phase while the next phase does not hold', () => {
    const analyzer = analyzerFor();
    run(
      analyzer,
      held([
        [170, 300],
        [155, 300],
      ]),
    );
    expect(analyzer.state.currentPhase).toBe('start');
    expect(analyzer.state.isValidPosition).toBe(true);
  });

  it('holds a phase for minPhaseHoldTime before the next may begin', () => {
    const analyzer = analyzerFor({ timing: { minPhaseHoldTime: 300 } });
    const events = run(
      analyzer,
      held([
        [170, 500],
        [120, 100],
        [80, 600],
        [170, 500],
      ]),
    );
    const enteredTransition = events.find(
      (e) => e.type === 'phase' && e.to === 'transition',
    )!.timestampMs;
    const enteredEnd = events.find((e) => e.type === 'phase' && e.to === 'end')!.timestampMs;
    expect(enteredEnd - enteredTransition).toBeGreaterThanOrEqual(300);
    // In between, the angles fit end but the phase is still transition: not a valid position.
    expect(analyzer.reps).toHaveLength(1);
  });

  it('starts a rep at the last top of the start phase, not an earlier higher one', () => {
    // Start is elbow 150-180 here, so a frame's distance from transition is elbow - 150. The
    // top at 170 (20) dips to 155 (5) and rises to 164 (14): more than startTopTolerance (5)
    // above the dip, so 164 is the new top though lower than 170, held until 600 ms.
    const analyzer = analyzerFor();
    const frame = (timestampMs: number, elbow: number): PoseFrame => ({
      timestampMs,
      landmarks: pushupLandmarks({ elbow }),
    });
    run(analyzer, [
      frame(0, 170),
      frame(200, 170),
      frame(300, 155),
      frame(400, 164),
      frame(500, 165),
      frame(600, 163),
      frame(700, 130),
      frame(800, 80),
      frame(900, 80),
      frame(1000, 120),
      frame(1100, 170),
    ]);
    expect(analyzer.reps).toHaveLength(1);
    expect(analyzer.reps[0]!.startTime).toBe(600);
    // Without the rise (the dip held at 155 until 600 ms) the rep began at the first top.
    const held = analyzerFor();
    run(held, [
      frame(0, 170),
      frame(200, 170),
      frame(300, 155),
      frame(600, 155),
      frame(700, 130),
      frame(800, 80),
      frame(900, 80),
      frame(1000, 120),
      frame(1100, 170),
    ]);
    expect(held.reps[0]!.startTime).toBe(200);
  });

  it('times a phase from when the body crossed into it between two frames', () => {
    // 15 fps, and the recording stops 33 ms after the first frame back in transition, as users
    // stop right after their last rep. The rise crossed 100 degrees half-way between the frames
    // at 80 and 120 degrees, so transition had lasted 67 ms, not 33, when the last frame showed
    // start: minPhaseHoldTime (60 ms) is met and the rep counts.
    const analyzer = analyzerFor({ timing: { minPhaseHoldTime: 60 } });
    const frame = (timestampMs: number, elbow: number): PoseFrame => ({
      timestampMs,
      landmarks: pushupLandmarks({ elbow }),
    });
    const events = run(analyzer, [
      frame(0, 170),
      frame(200, 170),
      frame(400, 130),
      frame(600, 80),
      frame(800, 80),
      frame(1000, 120),
      frame(1033, 160),
    ]);
    expect(phasesOf(events)).toEqual(['start', 'transition', 'end', 'transition', 'start']);
    expect(analyzer.reps).toHaveLength(1);
    // Each phase from its crossing: 150 at 1/2 of 170->130, 100 at 3/5 of 130->80, 100 at 1/2
    // of 80->120, 150 at 30/40 of 120->160.
    const entered = events.flatMap((e) => (e.type === 'phase' ? [Math.round(e.timestampMs)] : []));
    expect(entered).toEqual([0, 300, 520, 900, 1025]);
    // The rep left its starting position at the last frame of its top (170 at 200 ms).
    expect(analyzer.reps[0]!.startTime).toBe(200);
    expect(analyzer.reps[0]!.endTime).toBeCloseTo(1024.75, 6);
  });

  it('needs the next phase to hold for transitionDebounce before changing', () => {
    const spike: [number, number][] = [
      [170, 500],
      [120, 34],
      [170, 500],
    ];
    const bouncy = analyzerFor({ timing: { transitionDebounce: 100 } });
    expect(phasesOf(run(bouncy, held(spike)))).toEqual(['start']);
    const eager = analyzerFor({ timing: { transitionDebounce: 0 } });
    expect(phasesOf(run(eager, held(spike)))).toEqual(['start', 'transition', 'start']);
  });

  it('leaves start only after the starting position held for startingPositionHoldTime', () => {
    const early = analyzerFor({ timing: { startingPositionHoldTime: 200 } });
    // The elbow stays in start (>= 150 degrees) for only 156 ms before this rep descends.
    run(early, repsOf({ reps: 1, restMs: 0 }));
    expect(early.reps).toHaveLength(0);
    const held200 = analyzerFor({ timing: { startingPositionHoldTime: 200 } });
    run(held200, repsOf({ reps: 1, restMs: 300 }));
    expect(held200.reps).toHaveLength(1);
  });

  it('detects the phase by testing start, then transition, then end when the position fits several', () => {
    const overlapping = (
      start: [number, number],
      transition: [number, number],
      end: [number, number],
    ) =>
      analyzerFor({
        angles: [base.angles[0]!],
        globalAlignments: [],
        phases: {
          start: { angleRanges: { elbow: { min: start[0], max: start[1] } } },
          transition: { angleRanges: { elbow: { min: transition[0], max: transition[1] } } },
          end: { angleRanges: { elbow: { min: end[0], max: end[1] } } },
        },
      });
    const first = (analyzer: DefinitionAnalyzer) => {
      run(analyzer, held([[90, 34]]));
      return analyzer.state.currentPhase;
    };
    expect(first(overlapping([80, 180], [0, 180], [0, 100]))).toBe('start');
    expect(first(overlapping([150, 180], [0, 180], [0, 100]))).toBe('transition');
    expect(first(overlapping([150, 180], [100, 150], [0, 100]))).toBe('end');
  });
});

describe('DefinitionAnalyzer invalid reps', () => {
  it('start, transition, start: skipped end phase', () => {
    const analyzer = analyzerFor();
    run(
      analyzer,
      held([
        [170, 300],
        [120, 300],
        [170, 300],
      ]),
    );
    expect(reasonsOf(analyzer)).toEqual(['Incomplete rep - skipped end phase']);
  });

  it('start, transition, end, start and end, start: skipped return transition', () => {
    // Jumping straight from 80 to 170 degrees between two frames far apart (a tracking gap).
    const analyzer = analyzerFor();
    const frames = held([
      [170, 300],
      [120, 300],
      [80, 300],
    ]);
    frames.push({ timestampMs: 1700, landmarks: pushupLandmarks({ elbow: 170 }) });
    run(analyzer, frames);
    expect(reasonsOf(analyzer)).toEqual(['Incomplete rep - skipped return transition']);
  });

  it('a new descent before returning to start: started new rep before completing previous', () => {
    const analyzer = analyzerFor();
    run(
      analyzer,
      held([
        [170, 300],
        [120, 200],
        [80, 200],
        [120, 200],
        [80, 200],
        [120, 200],
        [170, 300],
      ]),
    );
    expect(reasonsOf(analyzer)).toEqual([
      'Incomplete rep - started new rep before completing previous',
    ]);
  });

  it('a global angle out of range twice within 2 s fails the rep (failures logged 500 ms apart)', () => {
    const sag =
      (from: number, to: number) =>
      (t: number, elbow: number): PushupPose => ({ elbow, hip: t >= from && t < to ? 140 : 175 });
    const long = analyzerFor();
    run(long, repsOf({ reps: 1, repMs: 1500 }, sag(900, 1500)));
    expect(reasonsOf(long)).toEqual([
      'Global alignment failure in end phase: Body line out of range',
    ]);
    const brief = analyzerFor();
    run(brief, repsOf({ reps: 1, repMs: 1500 }, sag(900, 1300)));
    expect(reasonsOf(brief)).toEqual([null]);
  });

  // The knee drives the phases too (it is not global): straight in start and end.
  const kneeDefinition = {
    angles: [...base.angles, { id: 'knee', name: 'Knee', landmarks: [23, 25, 27] }],
    phases: {
      start: { angleRanges: { ...base.phases.start.angleRanges, knee: { min: 150, max: 180 } } },
      transition: {
        angleRanges: { ...base.phases.transition.angleRanges, knee: { min: 0, max: 180 } },
      },
      end: { angleRanges: { ...base.phases.end.angleRanges, knee: { min: 150, max: 180 } } },
    },
  } satisfies Overrides;
  const bent = { knee: 100 };

  it('a non-global angle out of range 3 times within 2 s outside start fails the rep', () => {
    // In end, the knees bend for 1.5 s: failures at 0, 500 and 1000 ms.
    const three = analyzerFor(kneeDefinition);
    run(
      three,
      held([
        [170, 300],
        [120, 100],
        [80, 200],
        [80, 1100, bent],
        [120, 100],
        [170, 300],
      ]),
    );
    expect(reasonsOf(three)).toEqual([
      'Too many alignment failures in end phase: Knee out of range',
    ]);
    // Two failures (0 and 500 ms) are not enough.
    const two = analyzerFor(kneeDefinition);
    run(
      two,
      held([
        [170, 300],
        [120, 100],
        [80, 200],
        [80, 600, bent],
        [120, 100],
        [170, 300],
      ]),
    );
    expect(reasonsOf(two)).toEqual([null]);
  });

  it('in start, a non-global angle needs 5 failures within 2 s to fail the next rep', () => {
    // Five failures 500 ms apart fit in 2 s only at exactly 0, 500 ... 2000 ms, so this runs at
    // 10 fps where frame times are whole milliseconds.
    const rep: [number, number, Partial<PushupPose>?][] = [
      [120, 200],
      [80, 300],
      [120, 200],
      [170, 300],
    ];
    const five = analyzerFor(kneeDefinition);
    run(five, held([[170, 300], [170, 2100, bent], [170, 100], ...rep], 10));
    expect(reasonsOf(five)).toEqual([
      'Too many alignment failures in start phase: Knee out of range',
    ]);
    const four = analyzerFor(kneeDefinition);
    run(four, held([[170, 300], [170, 1600, bent], [170, 100], ...rep], 10));
    expect(reasonsOf(four)).toEqual([null]);
  });

  it('forgets alignment failures after 3 s in a valid start phase that lasted over 1 s', () => {
    const rep: [number, number, Partial<PushupPose>?][] = [
      [120, 200],
      [80, 300],
      [120, 200],
      [170, 300],
    ];
    const rested = analyzerFor(kneeDefinition);
    run(rested, held([[170, 300], [170, 2100, bent], [170, 3200], ...rep], 10));
    expect(reasonsOf(rested)).toEqual([null]);
  });

  it('more than 2 non-global failures within 80% of the cycle make the rep invalid', () => {
    const kneeTransition = {
      angles: [...base.angles, { id: 'knee', name: 'Knee', landmarks: [23, 25, 27] }],
      phases: {
        start: { angleRanges: { ...base.phases.start.angleRanges, knee: { min: 0, max: 180 } } },
        transition: {
          angleRanges: { ...base.phases.transition.angleRanges, knee: { min: 150, max: 180 } },
        },
        end: { angleRanges: { ...base.phases.end.angleRanges, knee: { min: 150, max: 180 } } },
      },
    } satisfies Overrides;
    // Three bent-knee moments while the elbow holds the phase: one in transition, two in end.
    const analyzer = analyzerFor(kneeTransition);
    run(
      analyzer,
      held([
        [170, 300],
        [120, 600],
        [125, 50, bent],
        [120, 500],
        [80, 300],
        [80, 50, bent],
        [80, 600],
        [80, 50, bent],
        [80, 500],
        [120, 700],
        [170, 300],
      ]),
    );
    expect(analyzer.reps).toHaveLength(1);
    expect(reasonsOf(analyzer)[0]).toMatch(
      /^(Sustained alignment failures: 3 during the rep|Too many alignment failures)/,
    );
  });

  it('does not count a lone driving angle crossing a gap between phase ranges as a failure', () => {
    // Gaps of 10 degrees between the phases: the elbow crosses them in every rep.
    const gapped = analyzerFor({
      phases: {
        start: { angleRanges: { elbow: { min: 150, max: 180 }, body: { min: 160, max: 180 } } },
        transition: {
          angleRanges: { elbow: { min: 100, max: 140 }, body: { min: 160, max: 180 } },
        },
        end: { angleRanges: { elbow: { min: 0, max: 90 }, body: { min: 160, max: 180 } } },
      },
    });
    run(gapped, repsOf({ reps: 4, repMs: 700, restMs: 100 }));
    expect(gapped.reps.map((rep) => rep.invalidReason)).toEqual([null, null, null, null]);
  });

  it('the qualification rep ignores invalid attempts until the first valid rep, which counts as 1', () => {
    const analyzer = analyzerFor({ qualificationRep: { enabled: true } });
    run(analyzer, [
      ...held([
        [170, 300],
        [120, 300],
        [170, 300],
      ]),
      ...repsOf({ reps: 2 }).map((f) => ({ ...f, timestampMs: f.timestampMs + 900 })),
    ]);
    expect(analyzer.reps.map((rep) => [rep.repNumber, rep.isValidRep])).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(analyzer.state.invalidRepCount).toBe(0);
  });
});

describe('DefinitionAnalyzer READY and STOP', () => {
  it('fires READY once, after the starting hold, and marks start entries of the last 10 s valid', () => {
    const analyzer = analyzerFor({ timing: { startingPositionHoldTime: 200 } });
    const events = run(analyzer, repsOf({ reps: 2 }));
    expect(events.filter((e) => e.type === 'ready')).toHaveLength(1);
    const ready = events.find((e) => e.type === 'ready')!;
    expect(ready.timestampMs).toBeGreaterThanOrEqual(200);
    const entries = analyzer.timeline;
    expect(entries.filter((e: TimelineEntry) => e.phase === 'READY')).toHaveLength(1);
    expect(entries.filter((e) => e.phase === 'start').every((e) => e.valid)).toBe(true);
  });

  it('waits for the qualification rep before READY', () => {
    const analyzer = analyzerFor({ qualificationRep: { enabled: true } });
    const events = run(analyzer, repsOf({ reps: 1 }));
    const ready = events.find((e) => e.type === 'ready')!;
    expect(ready.timestampMs).toBeGreaterThanOrEqual(analyzer.reps[0]!.endTime);
  });

  it('needs max(3, 80%) of the landmarks visible at 0.65 for READY', () => {
    // The definition uses 5 landmarks (11, 13, 15, 23, 27): 4 must be visible at 0.65.
    const dim = (ids: number[]) => dimmedPose(ids, 0.6);
    const oneDim = analyzerFor();
    run(oneDim, repsOf({ reps: 1 }, dim([27])));
    expect(oneDim.state.ready).toBe(true);
    const twoDim = analyzerFor();
    run(twoDim, repsOf({ reps: 1 }, dim([23, 27])));
    expect(twoDim.state.ready).toBe(false);
    expect(twoDim.reps).toHaveLength(1);
  });

  it('stops counting at the first stop-angle match after a valid rep, and adds a STOP entry', () => {
    const analyzer = analyzerFor(stopAtKnees);
    const events = run(analyzer, kneelAfterFirstRep);
    expect(events.filter((e) => e.type === 'stop')).toHaveLength(1);
    expect(analyzer.state.stopped).toBe(true);
    expect(analyzer.reps).toHaveLength(1);
    expect(analyzer.timeline[analyzer.timeline.length - 1]!.phase).toBe('STOP');
  });

  it('does not stop before the first valid rep', () => {
    const analyzer = analyzerFor(stopAtKnees);
    run(
      analyzer,
      repsOf({ reps: 2 }, (t, elbow) => ({ elbow, knee: t < 300 ? 90 : 180 })),
    );
    expect(analyzer.state.stopped).toBe(false);
    expect(analyzer.reps).toHaveLength(2);
  });
});

describe('DefinitionAnalyzer as a component', () => {
  it('skips the first 100 ms after the person is found again', () => {
    // At the bottom: 100 ms without a person, then two wrong frames at the top, then the bottom.
    const frames = held([
      [170, 300],
      [120, 200],
      [80, 300],
    ]);
    const gap = [frames.length * 33.34, frames.length * 33.34 + 100];
    const after = [170, 170, 80, 80, 80, 80, 120, 120, 170, 170, 170];
    const all: PoseFrame[] = [
      ...frames,
      { timestampMs: gap[0]!, landmarks: [] },
      { timestampMs: gap[0]! + 50, landmarks: [] },
      ...after.map((elbow, i) => ({
        timestampMs: gap[1]! + i * 33.3,
        landmarks: pushupLandmarks({ elbow }),
      })),
    ];
    const settled = analyzerFor();
    run(settled, all);
    expect(settled.reps.map((rep) => rep.invalidReason)).toEqual([null]);
    expect(settled.reps).toHaveLength(1);
  });

  it("counts a rep across a tracking dropout under 1 s at 15 fps: the glitch filter's warm-up is not time without the person", () => {
    // Up, down and half back up, then the tracker loses the person: 900 ms without landmarks, or
    // 1,100 ms. Found again, 100 ms settle, then the median needs three samples (133 ms at 15 fps).
    const withDropout = (dropoutMs: number) => {
      const analyzer = analyzerFor({}, 100);
      const steps: [number | null, number][] = [
        [170, 600],
        [120, 200],
        [80, 300],
        [120, 200],
        [null, dropoutMs],
        [170, 800],
      ];
      const total = steps.reduce((sum, [, ms]) => sum + ms, 0);
      const frames = framesOf(total, 15, (t) => {
        let at = 0;
        for (const [elbow, ms] of steps) {
          if (t < at + ms) return elbow === null ? null : { elbow };
          at += ms;
        }
        return { elbow: 170 };
      });
      run(analyzer, frames);
      return analyzer.reps.length;
    };
    expect(withDropout(900)).toBe(1); // 0 while the warm-up counted (1,100 ms "without" them)
    expect(withDropout(1100)).toBe(0); // over maxTrackingGap: the cycle in progress is dropped
  });

  it('finish() judges the last frame on its angles as measured, ahead of the lagging median', () => {
    // With the 100 ms glitch filter on, the recording stops as the arms come back up: the median
    // of the last frames (95, 110, 140, 165) is 125, still transition; the last frame shows 165.
    const analyzer = analyzerFor({}, 100);
    const frames = held([
      [170, 400],
      [120, 200],
      [80, 300],
      [95, 34],
      [110, 33],
      [140, 33],
      [165, 33],
    ]);
    run(analyzer, frames);
    expect(analyzer.state.currentPhase).toBe('transition');
    expect(analyzer.reps).toHaveLength(0);
    const events = analyzer.finish();
    expect(phasesOf(events)).toEqual(['start']);
    expect(analyzer.reps).toHaveLength(1);
    // Nothing is left to flush a second time.
    expect(analyzer.finish()).toEqual([]);
  });

  it('trims the phase history to the last 5 when it grows past 10', () => {
    const analyzer = analyzerFor();
    const wobble: [number, number][] = [[170, 300]];
    for (let i = 0; i < 6; i++) wobble.push([120, 100], [80, 100]);
    run(analyzer, held(wobble));
    // 1 + 12 entries: trimmed to 5 when the 11th arrives, then 2 more.
    expect(analyzer.phaseHistory).toEqual([
      'end',
      'transition',
      'end',
      'transition',
      'end',
      'transition',
      'end',
    ]);
  });

  it('measures a side view on the side closer to the camera', () => {
    const definition = {
      ...base,
      cameraPosition: 'side' as const,
      angles: [
        { id: 'elbow', name: 'Elbow', landmarks: [12, 14, 16] },
        { id: 'body', name: 'Body line', landmarks: [12, 24, 28] },
      ],
    };
    const analyzer = analyzerFor(definition);
    // The generator bends the left arm; the right side is barely visible.
    const farSideDim = (_t: number, elbow: number): PushupPose => ({
      elbow,
      visibilityById: Object.fromEntries([12, 14, 16, 24, 26, 28].map((id) => [id, 0.3])),
    });
    run(analyzer, repsOf({ reps: 2 }, farSideDim));
    expect(analyzer.reps).toHaveLength(2);
  });

  it('counts the same valid reps at 30, 15 and 8 frames per second (phases passed between frames)', () => {
    for (const fps of [30, 15, 8]) {
      const analyzer = analyzerFor();
      run(analyzer, repsOf({ reps: 4, repMs: 600, restMs: 150 }, undefined, fps));
      expect(
        analyzer.reps.map((rep) => rep.isValidRep),
        `${fps} fps`,
      ).toEqual([true, true, true, true]);
    }
  });

  it('clears READY and STOP on reset', () => {
    const analyzer = analyzerFor(stopAtKnees);
    run(analyzer, kneelAfterFirstRep);
    expect(analyzer.state).toMatchObject({ ready: true, stopped: true });
    analyzer.reset();
    expect(analyzer.state).toMatchObject({ ready: false, stopped: false, currentPhase: null });
  });

  it('refuses a definition with no angle to drive the phases', () => {
    const allGlobal = { min: 0, max: 180 };
    const phases = {
      start: { angleRanges: { elbow: allGlobal, body: allGlobal } },
      transition: { angleRanges: { elbow: allGlobal, body: allGlobal } },
      end: { angleRanges: { elbow: allGlobal, body: allGlobal } },
    };
    expect(() => analyzerFor({ phases, globalAlignments: ['elbow', 'body'] })).toThrow(
      /at least one angle that drives the phases/,
    );
  });

  it('reports each phase change once with where it came from', () => {
    const events = run(analyzerFor(), repsOf({ reps: 1 }));
    const changes = events.flatMap((e) => (e.type === 'phase' ? [[e.from, e.to]] : [])) as [
      DefinitionPhase | null,
      DefinitionPhase,
    ][];
    expect(changes[0]).toEqual([null, 'start']);
    for (let i = 1; i < changes.length; i++) expect(changes[i]![0]).toBe(changes[i - 1]![1]);
  });
});
