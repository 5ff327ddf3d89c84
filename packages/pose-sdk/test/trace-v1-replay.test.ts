import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { normalizeDefinition, pushupDefinition } from '@reptemple/definitions';
import { describe, expect, it } from 'vitest';
import { DefinitionAnalyzer } from '../src/core/definition/definition-analyzer.js';
import { PushupAnalyzer } from '../src/core/pushup/pushup-analyzer.js';
import { parseTrace } from '../src/core/trace/trace-reader.js';
import type { FrameSize, PoseFrame } from '../src/core/types.js';

// Traces of format version 1 (no world landmarks), kept as they were committed before version 2,
// with every rep both analysers gave on them ([startTime, endTime, invalidReason]): the push-up
// analyser's as it gave them then (without a view it judges exactly as before views), the built-in
// definition's as it gives them since it cuts reps by turns (issue 24; without a view its elbow is
// not calibrated, so 08's tops read 153-158 short of the start range's 160).
const dir = resolve(import.meta.dirname, '../../../fixtures/traces-v1/pushup');
const before = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Record<
  string,
  Record<'pushup' | 'definition', [number, number, string | null][]>
>;

function replay(frames: readonly PoseFrame[], frameSize: FrameSize) {
  const analysers = {
    pushup: new PushupAnalyzer({ frameSize }),
    definition: new DefinitionAnalyzer({
      definition: normalizeDefinition(pushupDefinition),
      frameSize,
    }),
  };
  const results: Record<string, [number, number, string | null][]> = {};
  for (const [name, analyser] of Object.entries(analysers)) {
    for (const frame of frames) analyser.process(frame);
    analyser.finish();
    results[name] = analyser.reps.map((rep) => [rep.startTime, rep.endTime, rep.invalidReason]);
  }
  return results;
}

describe('version 1 traces replay with the results they gave before world landmarks', () => {
  const files = readdirSync(dir).filter((name) => name.endsWith('.ndjson'));

  it('keeps four clips (side, front and oblique views)', () => {
    expect(files).toHaveLength(4);
  });

  for (const file of files) {
    it(file, () => {
      const { header, frames } = parseTrace(readFileSync(join(dir, file), 'utf8'));
      expect(header.version).toBe(1);
      expect(frames.every((frame) => frame.worldLandmarks === undefined)).toBe(true);
      const results = replay(frames, { width: header.width, height: header.height });
      expect(results).toEqual(before[file.replace('.ndjson', '')]);
    });
  }
});
