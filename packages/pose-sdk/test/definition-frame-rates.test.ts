import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { normalizeDefinition, pushupDefinition } from '@reptemple/definitions';
import { describe, expect, it } from 'vitest';
import { DefinitionAnalyzer } from '../src/core/definition/definition-analyzer.js';
import { sampleFrames } from '../src/core/sampling/frame-sampler.js';
import { parseTrace } from '../src/core/trace/trace-reader.js';

// Real landmark traces (full model, every frame) of labelled push-up clips, replayed at 15 fps
// the way `--fps 15` samples a video (sampleFrames).
const tracesDir = resolve(import.meta.dirname, '../../../fixtures/traces/pushup');
const definition = normalizeDefinition(pushupDefinition);

function totalReps(file: string, fps?: number): number {
  const { header, frames } = parseTrace(readFileSync(join(tracesDir, file), 'utf8'));
  const analyzer = new DefinitionAnalyzer({
    definition,
    frameSize: { width: header.width, height: header.height },
  });
  for (const frame of fps === undefined ? frames : sampleFrames(frames, fps))
    analyzer.process(frame);
  return analyzer.reps.length;
}

describe('the built-in push-up definition on real traces at 15 fps', () => {
  it('counts a last rep whose final frame comes 33 ms after the first one back in transition (clip 21)', () => {
    // 21 stops recording as the arms come back up: at 15 fps the frame at 109 degrees (back in
    // transition) is followed 33 ms later by the final frame at 132 (start). The rise crossed
    // 90 degrees between 83 and 109, so transition had lasted over 60 ms (minPhaseHoldTime).
    const file = '21-knee-test-park-oblique.ndjson';
    expect(totalReps(file)).toBe(5);
    expect(totalReps(file, 15)).toBe(5);
  });
});
