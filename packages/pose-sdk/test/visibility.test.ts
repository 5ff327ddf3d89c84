import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseFrames } from '../src/core/pipeline/analyse-frames.js';
import type { PoseModelVariant } from '../src/core/pose-model.js';
import { parseTrace } from '../src/core/trace/trace-reader.js';

// Visibility (docs/decisions.md, "Visibility: a share of what the detector saw"): frames where the
// detector found no one do not count against a rep. Clip 04's camera lies on the floor, and both
// models lose the boy at some bottoms (for 5 to 19 frames); judges passed every rep.
const fixtures = resolve(import.meta.dirname, '../../../fixtures');

function reps(dir: string, model: PoseModelVariant) {
  const { header, frames } = parseTrace(
    readFileSync(join(fixtures, dir, 'pushup/04-teen-low-floor-camera.ndjson'), 'utf8'),
  );
  const lost = frames.filter((frame) => frame.landmarks.length === 0).length;
  const { reps } = analyseFrames(
    frames,
    { kind: 'pushup' },
    { frameSize: { width: header.width, height: header.height }, model },
  );
  return { reps, lost };
}

describe('visibility on real traces', () => {
  it.each([
    ['traces-15fps', 'full'],
    ['traces-lite', 'lite'],
    ['traces', 'full'],
  ] as const)(
    '04 (%s): frames without the person inside reps fail none of them for visibility',
    (dir, model) => {
      const { reps: counted, lost } = reps(dir, model);
      expect(lost).toBeGreaterThan(15);
      for (const rep of counted) {
        expect(rep.invalidReason).not.toBe('Insufficient landmark visibility');
        const visibility = rep.evidence!.checks.find((check) => check.rule === 'visibility')!;
        expect(visibility.value).toBeGreaterThan(0.9);
      }
    },
  );
});
