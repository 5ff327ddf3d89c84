import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Landmark } from '../types.js';
import { angleAtVertex } from './angle-at-vertex.js';

const at = (x: number, y: number): Landmark => ({ x, y, z: 0, visibility: 1 });
const square = { width: 100, height: 100 };

describe('angleAtVertex', () => {
  it('measures right, straight and closed angles at the middle landmark', () => {
    expect(angleAtVertex(at(0, 0.5), at(0.5, 0.5), at(0.5, 0), square)).toBeCloseTo(90, 10);
    expect(angleAtVertex(at(0, 0.5), at(0.5, 0.5), at(1, 0.5), square)).toBeCloseTo(180, 10);
    expect(angleAtVertex(at(0, 0.5), at(0.5, 0.5), at(0.1, 0.5), square)).toBeCloseTo(0, 10);
  });

  it('scales normalised x and y by the frame size, so a 16:9 frame gives the true pixel angle', () => {
    // In a 640x360 frame the normalised diagonal (0,0) -> (0.5,0.5) is the pixel ray
    // (0,0) -> (320,180): 29.36 degrees from the x axis, not the 45 that unscaled units give.
    const wide = { width: 640, height: 360 };
    const angle = angleAtVertex(at(1, 0), at(0, 0), at(0.5, 0.5), wide);
    expect(angle).toBeCloseTo((Math.atan2(180, 320) * 180) / Math.PI, 10);
    expect(angleAtVertex(at(1, 0), at(0, 0), at(0.5, 0.5), square)).toBeCloseTo(45, 10);
  });

  it('returns NaN when two landmarks coincide', () => {
    expect(angleAtVertex(at(0.5, 0.5), at(0.5, 0.5), at(0, 0), square)).toBeNaN();
  });

  // Coordinates on a 0.0001 grid: sub-normal doubles would make points coincide after a shift.
  const coordinate = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 10_000);
  const point = fc.record({
    x: coordinate,
    y: coordinate,
    z: fc.constant(0),
    visibility: fc.constant(1),
  });
  const size = fc.record({
    width: fc.integer({ min: 1, max: 4000 }),
    height: fc.integer({ min: 1, max: 4000 }),
  });

  it('is always within 0-180 degrees (or NaN for a zero-length ray)', () => {
    fc.assert(
      fc.property(point, point, point, size, (a, b, c, frame) => {
        const angle = angleAtVertex(a, b, c, frame);
        if (Number.isNaN(angle))
          return (a.x === b.x && a.y === b.y) || (c.x === b.x && c.y === b.y);
        return angle >= 0 && angle <= 180;
      }),
    );
  });

  it('is symmetric in its outer landmarks', () => {
    fc.assert(
      fc.property(point, point, point, size, (a, b, c, frame) => {
        const forward = angleAtVertex(a, b, c, frame);
        const backward = angleAtVertex(c, b, a, frame);
        return Object.is(forward, backward) || Math.abs(forward - backward) < 1e-9;
      }),
    );
  });

  it('does not change when the picture is mirrored or the points are moved together', () => {
    fc.assert(
      fc.property(
        point,
        point,
        point,
        size,
        fc.integer({ min: -5000, max: 5000 }).map((n) => n / 10_000),
        (a, b, c, frame, shift) => {
          const angle = angleAtVertex(a, b, c, frame);
          const mirror = (p: Landmark) => ({ ...p, x: 1 - p.x });
          const move = (p: Landmark) => ({ ...p, x: p.x + shift, y: p.y - shift });
          const mirrored = angleAtVertex(mirror(a), mirror(b), mirror(c), frame);
          const moved = angleAtVertex(move(a), move(b), move(c), frame);
          if (Number.isNaN(angle)) return true;
          return Math.abs(angle - mirrored) < 1e-6 && Math.abs(angle - moved) < 1e-6;
        },
      ),
    );
  });

  it('adds up around a vertex: the angles of three rays on a half-plane sum to 180 degrees', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: Math.PI - 0.01, noNaN: true }),
        size,
        (theta, frame) => {
          // Rays from the vertex at 0, theta and pi in pixel space, converted to normalised units.
          const vertex = at(0.5, 0.5);
          const ray = (angle: number) =>
            at(
              0.5 + (0.2 * Math.cos(angle)) / frame.width,
              0.5 + (0.2 * Math.sin(angle)) / frame.height,
            );
          const left = angleAtVertex(ray(0), vertex, ray(theta), frame);
          const right = angleAtVertex(ray(theta), vertex, ray(Math.PI), frame);
          return Math.abs(left + right - 180) < 1e-6;
        },
      ),
    );
  });
});
