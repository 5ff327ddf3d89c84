import { describe, expect, it } from 'vitest';
import { PUSHUP_ANALYZER_DEFAULTS } from '../constants.js';
import type { Landmark } from '../types.js';
import { FormTracker } from './form-tracker.js';

const FRAME = { width: 640, height: 360 };
const FRAME_MS = 1000 / 30; // ms: a 30 frames/s video

/**
 * A side-view plank, left side to the camera: shoulder, hip and ankle on one line, hands on the
 * floor below the shoulders; `sag` moves the hip toward the floor (a share of the picture's height).
 */
function plank(sag: number): Landmark[] {
  const landmarks: Landmark[] = Array.from({ length: 33 }, () => ({
    x: 0.5,
    y: 0.5,
    z: 0,
    visibility: 0,
  }));
  const seen = (x: number, y: number): Landmark => ({ x, y, z: 0, visibility: 1 });
  landmarks[11] = seen(0.3, 0.5); // left shoulder
  landmarks[13] = seen(0.3, 0.6); // left elbow
  landmarks[15] = seen(0.3, 0.7); // left wrist
  landmarks[23] = seen(0.55, 0.55 + sag); // left hip
  landmarks[25] = seen(0.68, 0.58); // left knee
  landmarks[27] = seen(0.8, 0.6); // left ankle
  return landmarks;
}

/** A rep's way up from its bottom (the first frame), with `lostFrames` without a person midway. */
function wormAfter(lostFrames: number): number {
  const tracker = new FormTracker(PUSHUP_ANALYZER_DEFAULTS, FRAME);
  tracker.startRep();
  let t = 0;
  const frame = (landmarks: Landmark[], atBottom = false) => {
    tracker.frame(t, landmarks, undefined, 'side', 'left', 'left', true, atBottom);
    t += FRAME_MS;
  };
  frame(plank(0), true);
  for (let i = 0; i < 6; i++) frame(plank(0));
  for (let i = 0; i < lostFrames; i++) frame([]);
  // Found again, the hips read 6% of the picture lower for the rest of the way up.
  for (let i = 0; i < 10; i++) frame(plank(0.06));
  return tracker.measurements(false).wormRise;
}

describe('FormTracker: the worm', () => {
  it('reads the hips falling behind on the way up, followed by one tracking', () => {
    expect(wormAfter(0)).toBeGreaterThan(PUSHUP_ANALYZER_DEFAULTS.maxWormRise);
  });

  it('does not compare the hips across a stretch where the detector lost the person', () => {
    // Found again, the hips come from another tracking (04 at 12 frames/s read 29% there).
    expect(wormAfter(5)).toBeLessThan(0.5);
  });
});
