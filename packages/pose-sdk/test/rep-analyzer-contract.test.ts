import { builtinDefinitions } from '@reptemple/definitions';
import { describe, expect, it } from 'vitest';
import { DefinitionAnalyzer } from '../src/core/definition/definition-analyzer.js';
import { FrameError } from '../src/core/errors.js';
import type { RepAnalyzer, RepRecord } from '../src/core/events.js';
import { PushupAnalyzer } from '../src/core/pushup/pushup-analyzer.js';
import type { PoseFrame } from '../src/core/types.js';
import { FRAME_SIZE, framesOf, pushupLandmarks, repElbow } from './support/synthetic-pushup.js';

// What both analysers share (the frame guard, settling and tracking gaps, the rep ledger),
// checked on each through the RepAnalyzer interface. Their own rules are tested beside them.

type AnyAnalyzer = RepAnalyzer<string, RepRecord>;

const pushup = builtinDefinitions.pushup;
const analysers: readonly (readonly [string, () => AnyAnalyzer])[] = [
  ['PushupAnalyzer', () => new PushupAnalyzer({ frameSize: FRAME_SIZE })],
  [
    'DefinitionAnalyzer',
    // A starting hold, so that reset must also forget that it was met.
    () =>
      new DefinitionAnalyzer({
        definition: { ...pushup, timing: { ...pushup.timing, startingPositionHoldTime: 100 } },
        frameSize: FRAME_SIZE,
      }),
  ],
];

function run(analyzer: AnyAnalyzer, frames: readonly PoseFrame[]) {
  const events = frames.flatMap((frame) => analyzer.process(frame));
  events.push(...analyzer.finish());
  return JSON.stringify({ events, reps: analyzer.reps, timeline: analyzer.timeline });
}

/** Reps at 30 fps with the person lost for `dropoutMs` from 300 ms into the second rep. */
function repsWithDropout(dropoutMs: number): PoseFrame[] {
  const { elbowAt, durationMs } = repElbow({ reps: 2, restMs: 600 });
  const from = 600 + 1_600 + 300;
  return framesOf(durationMs + dropoutMs, 30, (t) => {
    if (t < from) return { elbow: elbowAt(t) };
    if (t < from + dropoutMs) return null;
    return { elbow: elbowAt(t - dropoutMs) };
  });
}

for (const [name, create] of analysers) {
  describe(`${name}: the shared skeleton`, () => {
    const twoReps = framesOf(repElbow({ reps: 2 }).durationMs, 30, (t) => ({
      elbow: repElbow({ reps: 2 }).elbowAt(t),
    }));

    it('counts clean reps as valid, numbered from 1', () => {
      const analyzer = create();
      run(analyzer, twoReps);
      expect(analyzer.state).toMatchObject({ repCount: 2, invalidRepCount: 0 });
      expect(analyzer.reps.map((rep) => [rep.repNumber, rep.isValidRep])).toEqual([
        [1, true],
        [2, true],
      ]);
    });

    it('writes the common fields of a rep record first, in their order, then its own', () => {
      // Order matters: JSON output of the hosts is compared byte for byte across versions.
      const analyzer = create();
      run(analyzer, twoReps);
      expect(Object.keys(analyzer.reps[0]!).slice(0, 6)).toEqual([
        'repNumber',
        'startTime',
        'endTime',
        'isValidRep',
        'invalidReason',
        'evidence',
      ]);
    });

    it('refuses frames whose time does not increase, and frames without 0 or 33 landmarks', () => {
      const analyzer = create();
      analyzer.process({ timestampMs: 10, landmarks: [] });
      expect(() => analyzer.process({ timestampMs: 10, landmarks: [] })).toThrow(FrameError);
      expect(() =>
        analyzer.process({ timestampMs: 20, landmarks: pushupLandmarks({ elbow: 90 }).slice(5) }),
      ).toThrow('Expected 33 landmarks (or none), got 28');
    });

    it('resets every counter and flag: the same frames then give the same results again', () => {
      const analyzer = create();
      const first = run(analyzer, twoReps);
      analyzer.reset();
      expect(analyzer.state).toEqual(create().state);
      expect(analyzer.reps).toEqual([]);
      expect(analyzer.timeline).toEqual([]);
      expect(run(analyzer, twoReps)).toBe(first);
    });

    it('gives the same events, reps and timeline for the same frames, every time', () => {
      expect(run(create(), twoReps)).toBe(run(create(), twoReps));
    });

    it('keeps a rep across a dropout under 1 s, and drops it after over 1 s without the person', () => {
      const counted = (dropoutMs: number) => {
        const analyzer = create();
        run(analyzer, repsWithDropout(dropoutMs));
        return analyzer.reps.length;
      };
      expect(counted(800)).toBe(2);
      expect(counted(1_300)).toBe(1);
    });
  });
}
