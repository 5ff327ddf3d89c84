import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Landmark } from '../types.js';
import { hipDeviation } from './hip-deviation.js';

const SIZE = { width: 640, height: 360 };
const at = (x: number, y: number): Landmark => ({
  x: x / SIZE.width,
  y: y / SIZE.height,
  z: 0,
  visibility: 1,
});

// A plank seen from the side, head to the right: shoulder (500, 150), ankle (100, 250), the
// hand on the floor under the shoulder (500, 260). The line is 412 px long.
const shoulder = at(500, 150);
const ankle = at(100, 250);
const hand = at(500, 260);
const onLine = (share: number) => at(100 + 400 * share, 250 - 100 * share);

describe('hipDeviation', () => {
  it('is 0 for a hip on the line from the shoulder to the ankle', () => {
    expect(hipDeviation(shoulder, onLine(0.6), ankle, hand, SIZE)).toBeCloseTo(0);
  });

  it('is positive for a hip sagging toward the floor and negative for a pike', () => {
    const line = onLine(0.6);
    const length = Math.hypot(400, 100);
    // 20 px straight down in the picture is 20 * cos(14 degrees) off the line.
    const off = (20 * 400) / length / length;
    expect(
      hipDeviation(shoulder, at(line.x * 640, line.y * 360 + 20), ankle, hand, SIZE),
    ).toBeCloseTo(off);
    expect(
      hipDeviation(shoulder, at(line.x * 640, line.y * 360 - 20), ankle, hand, SIZE),
    ).toBeCloseTo(-off);
  });

  it('is the same facing either way and with the camera upside down (the hands mark the floor)', () => {
    const mirror = (p: Landmark) => ({ ...p, x: 1 - p.x });
    const upsideDown = (p: Landmark) => ({ ...p, y: 1 - p.y });
    const hip = at(340, 230);
    const plain = hipDeviation(shoulder, hip, ankle, hand, SIZE);
    expect(plain).toBeGreaterThan(0);
    expect(
      hipDeviation(mirror(shoulder), mirror(hip), mirror(ankle), mirror(hand), SIZE),
    ).toBeCloseTo(plain);
    expect(
      hipDeviation(
        upsideDown(shoulder),
        upsideDown(hip),
        upsideDown(ankle),
        upsideDown(hand),
        SIZE,
      ),
    ).toBeCloseTo(plain);
  });

  it('does not depend on where the hip lies along the line, only how far off it', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.2, max: 0.8, noNaN: true }), (share) => {
        const line = onLine(share);
        const hip = at(line.x * 640 + 10 * (100 / 412), line.y * 360 + 10 * (400 / 412));
        return Math.abs(hipDeviation(shoulder, hip, ankle, hand, SIZE) - 10 / 412) < 1e-9;
      }),
    );
  });

  it('gives NaN for a line of no length or a hand on the line', () => {
    expect(hipDeviation(ankle, onLine(0.5), ankle, hand, SIZE)).toBeNaN();
    expect(hipDeviation(shoulder, at(300, 260), ankle, ankle, SIZE)).toBeNaN();
  });
});
