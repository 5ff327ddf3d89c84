import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { normalizeDefinition, pushupDefinition } from '@reptemple/definitions';
import { describe, expect, it } from 'vitest';
import type { DefinitionAnalyzerConfig } from '../src/core/constants.js';
import { DefinitionAnalyzer } from '../src/core/definition/definition-analyzer.js';
import { sampleFrames } from '../src/core/sampling/frame-sampler.js';
import { parseTrace } from '../src/core/trace/trace-reader.js';

// Real landmark traces (full model, every frame) of labelled push-up clips, replayed at 15 fps
// the way `--fps 15` samples a video (sampleFrames).
const tracesDir = resolve(import.meta.dirname, '../../../fixtures/traces/pushup');
// The same videos extracted at a real 15 fps (`reptemple extract --fps 15 --model full`): the
// tracker then sees every other frame, so its landmarks differ from the full-rate ones.
const traces15fpsDir = resolve(import.meta.dirname, '../../../fixtures/traces-15fps/pushup');
// The absolute phase cycle (the spec's): the built-in push-up with the ranges it had before it
// cut its reps by turns (start from 124 degrees, end up to 90), so that the phases themselves must
// hold up at 15 fps.
const definition = normalizeDefinition({
  ...pushupDefinition,
  cycle: { measure: 'absolute' },
  phases: {
    start: {
      id: 'start',
      angleRanges: { ...pushupDefinition.phases.start.angleRanges, elbow: { min: 124, max: 180 } },
    },
    transition: {
      id: 'transition',
      angleRanges: {
        ...pushupDefinition.phases.transition.angleRanges,
        elbow: { min: 90, max: 124 },
      },
    },
    end: {
      id: 'end',
      angleRanges: { ...pushupDefinition.phases.end.angleRanges, elbow: { min: 0, max: 90 } },
    },
  },
});

function totalReps(
  file: string,
  fps?: number,
  options: { dir?: string; config?: Partial<DefinitionAnalyzerConfig> } = {},
): number {
  const text = readFileSync(join(options.dir ?? tracesDir, file), 'utf8');
  const { header, frames } = parseTrace(text);
  const analyzer = new DefinitionAnalyzer({
    definition,
    frameSize: { width: header.width, height: header.height },
    config: options.config,
  });
  // Without world landmarks (as version 1 traces and hosts that pass image landmarks only): no
  // view, so each angle is the mean of both sides as read, the measure these ranges were set on.
  for (const frame of fps === undefined ? frames : sampleFrames(frames, fps))
    analyzer.process({ timestampMs: frame.timestampMs, landmarks: frame.landmarks });
  analyzer.finish();
  return analyzer.reps.length;
}

describe('absolute phase cycles (the push-up definition with its former ranges) on real traces at 15 fps', () => {
  it('counts a last rep whose final frame comes 33 ms after the first one back in transition (clip 21)', () => {
    // 21 stops recording as the arms come back up: at 15 fps the frame at 109 degrees (back in
    // transition) is followed 33 ms later by the final frame at 132 (start). The rise crossed
    // 90 degrees between 83 and 109, so transition had lasted over 60 ms (minPhaseHoldTime).
    const file = '21-knee-test-park-oblique.ndjson';
    expect(totalReps(file)).toBe(5);
    expect(totalReps(file, 15)).toBe(5);
  });

  it('keeps the one sample at the top of fast reps that a plain median erases (clip 03, real 15 fps)', () => {
    // 74 reps in a minute, about 0.5 s each. At 15 fps the elbow is above 124 degrees (start)
    // for one sample per rep, e.g. 112.6, 126.1, 115.3 at 32.2-32.4 s; three samples' median
    // is 115.3 and the rep never returns to start. Within 15 degrees of the median, the sample
    // is kept as measured.
    const file = '03-fast-one-minute-counter-overlay.ndjson';
    expect(totalReps(file)).toBe(74);
    expect(totalReps(file, undefined, { dir: traces15fpsDir })).toBe(74);
    expect(
      totalReps(file, undefined, { dir: traces15fpsDir, config: { glitchKeepWithin: 0 } }),
    ).toBe(69);
  });
});
