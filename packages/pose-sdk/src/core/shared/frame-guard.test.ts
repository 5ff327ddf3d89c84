import { describe, expect, it } from 'vitest';
import { FrameError } from '../errors.js';
import { LANDMARK_COUNT, type Landmark } from '../types.js';
import { FrameGuard } from './frame-guard.js';

const landmark: Landmark = { x: 0.5, y: 0.5, z: 0, visibility: 1 };
const person = Array.from({ length: LANDMARK_COUNT }, () => landmark);

describe('FrameGuard', () => {
  it('accepts increasing timestamps with 33 landmarks or none', () => {
    const guard = new FrameGuard();
    expect(() => {
      guard.check({ timestampMs: 0, landmarks: person });
      guard.check({ timestampMs: 0.5, landmarks: [] });
      guard.check({ timestampMs: 33, landmarks: person });
    }).not.toThrow();
  });

  it('refuses a timestamp that does not increase, saying what came before', () => {
    const guard = new FrameGuard();
    guard.check({ timestampMs: 100, landmarks: person });
    expect(() => guard.check({ timestampMs: 100, landmarks: person })).toThrow(
      'Expected frame timestamps to increase, got 100 ms after 100 ms',
    );
    expect(() => guard.check({ timestampMs: 50, landmarks: person })).toThrow(FrameError);
    expect(() => guard.check({ timestampMs: Number.NaN, landmarks: person })).toThrow(FrameError);
  });

  it('refuses a frame with some landmarks but not 33', () => {
    const guard = new FrameGuard();
    expect(() => guard.check({ timestampMs: 0, landmarks: person.slice(1) })).toThrow(
      'Expected 33 landmarks (or none), got 32',
    );
  });

  it('forgets the last timestamp on reset, so a new stream may start at 0', () => {
    const guard = new FrameGuard();
    guard.check({ timestampMs: 500, landmarks: [] });
    guard.reset();
    expect(() => guard.check({ timestampMs: 0, landmarks: [] })).not.toThrow();
  });
});
