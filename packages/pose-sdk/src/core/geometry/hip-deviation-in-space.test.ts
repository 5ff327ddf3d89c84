import { describe, expect, it } from 'vitest';
import type { WorldLandmark } from '../types.js';
import { hipDeviationInSpace } from './hip-deviation-in-space.js';

const p = (x: number, y: number, z: number): WorldLandmark => ({ x, y, z });

// A plank 1.5 m long along z (seen from the front), the floor below (y grows downwards), the hand
// under the shoulder.
const shoulder = p(0, -0.4, 0);
const ankle = p(0, -0.1, 1.5);
const hand = p(0, 0.2, 0);
const along = (share: number, drop = 0) => p(0, -0.4 + 0.3 * share + drop, 1.5 * share);
const length = Math.hypot(0.3, 1.5);

describe('hipDeviationInSpace', () => {
  it('is 0 on the line, positive sagging toward the hand (the floor), negative piked', () => {
    expect(hipDeviationInSpace(shoulder, along(0.6), ankle, hand)).toBeCloseTo(0);
    const sag = hipDeviationInSpace(shoulder, along(0.6, 0.1), ankle, hand);
    const pike = hipDeviationInSpace(shoulder, along(0.6, -0.1), ankle, hand);
    // 10 cm straight down is 10 * cos(11.3 degrees) cm off the line.
    expect(sag).toBeCloseTo((0.1 * 1.5) / length / length);
    expect(pike).toBeCloseTo(-sag);
  });

  it('ignores a hip off the line sideways (across the floor), which neither sags nor pikes', () => {
    expect(hipDeviationInSpace(shoulder, p(0.1, -0.4 + 0.18, 0.9), ankle, hand)).toBeCloseTo(0);
  });

  it('gives NaN for a line of no length or a hand on the line', () => {
    expect(hipDeviationInSpace(ankle, along(0.5), ankle, hand)).toBeNaN();
    expect(hipDeviationInSpace(shoulder, along(0.5, 0.1), ankle, ankle)).toBeNaN();
  });
});
