import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseFrames } from '../src/core/pipeline/analyse-frames.js';
import { sampleFrames } from '../src/core/sampling/frame-sampler.js';
import { parseTrace } from '../src/core/trace/trace-reader.js';

// Held extremes hold for the same time at any frame rate (docs/decisions.md, "The live count and
// the verified one measure the same"): the worm of 03's 74 reps read at every frame and at the
// server's 12 frames/s, paired by time. Step-wise holds read every frame 0.87 points higher on
// average; interpolated, 0.65.
const trace = resolve(
  import.meta.dirname,
  '../../../fixtures/traces/pushup/03-fast-one-minute-counter-overlay.ndjson',
);
// Every other rule loosened, so that each rep's worm is measured.
const config = {
  minAlignmentScore: 0,
  maxHipSag: 1e3,
  maxWormRise: 1e3,
  maxHipPike: 1e3,
  minKneeAngle: 0,
  maxElbowAngleForDown: 180,
  maxUpperArmElevation: 90,
  minVisibleFrameShare: 0,
};

describe('the worm at every frame and at 12 frames/s', () => {
  it('reads within 0.75 points on average over 03 (step-wise holds: 0.87)', () => {
    const { header, frames } = parseTrace(readFileSync(trace, 'utf8'));
    const options = { frameSize: { width: header.width, height: header.height } };
    const every = analyseFrames(frames, { kind: 'pushup', config }, options).reps;
    const sampled = analyseFrames(
      sampleFrames(frames, 12),
      { kind: 'pushup', config },
      options,
    ).reps;
    const worm = (rep: (typeof every)[number] | undefined) =>
      rep?.evidence?.checks.find((check) => check.rule === 'worm')?.value;
    const differences: number[] = [];
    for (const rep of every) {
      const middle = (rep.startTime + rep.endTime) / 2;
      const other = sampled.find(
        (candidate) => candidate.startTime <= middle && middle <= candidate.endTime,
      );
      const a = worm(rep);
      const b = worm(other);
      if (a !== undefined && b !== undefined) differences.push(a - b);
    }
    expect(differences.length).toBeGreaterThan(60);
    const mean = differences.reduce((sum, d) => sum + d, 0) / differences.length;
    expect(mean).toBeLessThan(0.75);
    expect(mean).toBeGreaterThan(-0.75);
  });
});
