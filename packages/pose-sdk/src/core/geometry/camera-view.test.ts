import { describe, expect, it } from 'vitest';
import type { WorldLandmark } from '../types.js';
import { angleInSpace } from './angle-in-space.js';
import {
  cameraViewFromYaw,
  shoulderLineYaw,
  VIEW_TIME_CONSTANT,
  ViewTally,
  ViewTracker,
} from './camera-view.js';

/** 33 world landmarks with the shoulders placed `across` (x) and `depth` (z) apart, metres. */
function shoulders(across: number, depth: number): WorldLandmark[] {
  const world = Array.from({ length: 33 }, () => ({ x: 0, y: 0, z: 0 }));
  world[11] = { x: across / 2, y: -0.4, z: depth / 2 };
  world[12] = { x: -across / 2, y: -0.4, z: -depth / 2 };
  return world;
}

describe('camera view from world landmarks', () => {
  it('reads the shoulder line against the camera axis: side 0, front 90 degrees', () => {
    expect(shoulderLineYaw(shoulders(0, 0.35))).toBeCloseTo(0);
    expect(shoulderLineYaw(shoulders(0.35, 0))).toBeCloseTo(90);
    expect(shoulderLineYaw(shoulders(0.25, 0.25))).toBeCloseTo(45);
    expect(shoulderLineYaw(undefined)).toBeNaN();
    expect(shoulderLineYaw([])).toBeNaN();
  });

  it('names the view in three equal parts of the quarter circle', () => {
    expect(cameraViewFromYaw(30)).toBe('side');
    expect(cameraViewFromYaw(31)).toBe('oblique');
    expect(cameraViewFromYaw(59)).toBe('oblique');
    expect(cameraViewFromYaw(60)).toBe('front');
    expect(cameraViewFromYaw(Number.NaN)).toBeNull();
  });

  it('follows a camera cut within about a second of frame time, not on one frame', () => {
    const tracker = new ViewTracker();
    for (let t = 0; t <= 2000; t += 33) tracker.update(5, t);
    expect(tracker.view).toBe('side');
    tracker.update(85, 2033); // one frame of a front view: a glitch
    expect(tracker.view).toBe('side');
    for (let t = 2066; t <= 4000; t += 33) tracker.update(85, t);
    expect(tracker.view).toBe('front');
    tracker.update(Number.NaN, 4033); // no world landmarks: no change
    expect(tracker.view).toBe('front');
  });

  it('moves its mean by exactly the exponential weight of each time step', () => {
    // Steps of 29.97 fps in float ms take several values; the tracker keeps the weights of the
    // last two, and must give the same mean as computing each one.
    const tracker = new ViewTracker();
    let expected = Number.NaN;
    let previous = Number.NaN;
    for (let frame = 0; frame < 300; frame++) {
      const t = (frame * 1000) / 29.97 + (frame % 7 === 0 ? 12.5 : 0);
      const yaw = 40 + 30 * Math.sin(frame / 9);
      tracker.update(yaw, t);
      expected = Number.isNaN(expected)
        ? yaw
        : expected + (yaw - expected) * (1 - Math.exp(-(t - previous) / VIEW_TIME_CONSTANT));
      previous = t;
      expect(tracker.meanYaw).toBe(expected);
    }
  });

  it('tallies the mean view of a stretch, ignoring frames without world landmarks', () => {
    const tally = new ViewTally();
    expect(tally.view).toBeNull();
    tally.add(80);
    tally.add(Number.NaN);
    tally.add(40);
    expect(tally.meanYaw).toBe(60);
    expect(tally.view).toBe('front');
    tally.clear();
    expect(tally.view).toBeNull();
  });
});

describe('angleInSpace', () => {
  it('measures the joint in three dimensions, whatever the projection', () => {
    const vertex = { x: 0, y: 0, z: 0 };
    // A right angle whose second ray points along the camera axis: flat in the picture.
    expect(angleInSpace({ x: 1, y: 0, z: 0 }, vertex, { x: 0, y: 0, z: 1 })).toBeCloseTo(90);
    expect(angleInSpace({ x: 1, y: 1, z: 0 }, vertex, { x: -1, y: -1, z: 0 })).toBeCloseTo(180);
    expect(angleInSpace(vertex, vertex, { x: 0, y: 0, z: 1 })).toBeNaN();
  });
});
