import { describe, expect, it } from 'vitest';
import { angleAtVertex } from '../../src/index.js';
import { FRAME_SIZE, pushupLandmarks, repElbow } from './synthetic-pushup.js';

describe('synthetic push-up generator', () => {
  it('produces the requested elbow, hip and knee angles', () => {
    for (const [elbow, hip, knee] of [
      [170, 180, 180],
      [90, 150, 100],
      [65, 170, 160],
    ] as const) {
      const lm = pushupLandmarks({ elbow, hip, knee });
      expect(angleAtVertex(lm[11]!, lm[13]!, lm[15]!, FRAME_SIZE)).toBeCloseTo(elbow, 6);
      expect(angleAtVertex(lm[11]!, lm[23]!, lm[27]!, FRAME_SIZE)).toBeCloseTo(hip, 6);
      expect(angleAtVertex(lm[23]!, lm[25]!, lm[27]!, FRAME_SIZE)).toBeCloseTo(knee, 6);
    }
  });

  it('dips from top to bottom and back in each rep', () => {
    const { elbowAt, durationMs } = repElbow({
      reps: 2,
      top: 170,
      bottom: 80,
      repMs: 1000,
      restMs: 500,
    });
    expect(durationMs).toBe(3500);
    expect(elbowAt(0)).toBe(170);
    expect(elbowAt(1000)).toBeCloseTo(80, 6);
    expect(elbowAt(1500)).toBe(170);
    expect(elbowAt(2500)).toBeCloseTo(80, 6);
  });
});
