// Windows analysed at the video's own rate (issue 24's refinement) are tracked afresh, and
// tasks-vision's visibility smoothing restarts with them: a low-pass filter keeping
// VISIBILITY_SMOOTHING_ALPHA of each new value, whose first output after a restart is that frame's
// raw value. After 4 warm-up frames two thirds of a window's visibility is still one raw reading,
// where a pass over every frame holds about the last ten frames' mean; an arm read at 0.26-0.33
// in a window and 0.34-0.40 at every frame is measured differently (the elbow's 0.35 gate), and
// fixture 13's third top read 152.7 in its window, 163.5 at every frame. Pure: the window's
// visibility as if the filter had carried on from the sampled pass's state before the window.

import type { PoseFrame } from '@reptemple/pose-sdk';
import { VISIBILITY_SMOOTHING_ALPHA } from '@reptemple/pose-sdk/node';

/** A frame of a windowed extraction that reported its warm-up frames (reportWarmUp). */
export interface WindowFrame extends PoseFrame {
  /** inferred to warm tracking up, not one of the windows' frames */
  readonly warmUp?: true;
  /** tracking and its visibility smoothing started afresh at this frame */
  readonly trackingStart?: true;
}

/**
 * ms: how long before a restart the sampled pass's visibility still stands for the state a pass
 * over every frame would have: the filter's own memory (1 / VISIBILITY_SMOOTHING_ALPHA frames, a
 * third of a second at 30 frames/s, under a second at 12).
 */
export const VISIBILITY_SEED_REACH_MS = 1_000;

/**
 * The windows' own frames (warm-up frames dropped), each landmark's visibility as a filter seeded
 * at each restart with the sampled pass's visibility there gives it: a restarted filter's outputs
 * f_k (k frames with a person after the restart) become f_k + (1 - alpha)^(k + 1) (seed - f_0),
 * exact since the filter is linear and its first output f_0 is the raw value. The seed is the last
 * sampled frame with a person at or before the restart, within VISIBILITY_SEED_REACH_MS; without
 * one the window keeps its own visibility. The image landmarks' visibility is seeded (the
 * analysers read no other). `sampled` in time order.
 */
export function seedWindowVisibility(
  frames: readonly WindowFrame[],
  sampled: readonly PoseFrame[],
): PoseFrame[] {
  const keep = 1 - VISIBILITY_SMOOTHING_ALPHA;
  const out: PoseFrame[] = [];
  let seed: PoseFrame | null = null;
  let first: PoseFrame | null = null;
  let restartPending = false;
  let factor = 0;
  for (const frame of frames) {
    if (frame.trackingStart) {
      seed = seedBefore(sampled, frame.timestampMs);
      restartPending = true;
    }
    let seeded: PoseFrame = frame;
    if (frame.landmarks.length > 0) {
      if (restartPending) {
        restartPending = false;
        first = frame;
        factor = keep;
      } else factor *= keep;
      if (seed !== null && first !== null) seeded = seedFrame(frame, first, seed, factor);
    }
    if (!frame.warmUp) out.push(plainFrame(seeded));
  }
  return out;
}

/** The last sampled frame with a person at or before `t`, within VISIBILITY_SEED_REACH_MS. */
function seedBefore(sampled: readonly PoseFrame[], t: number): PoseFrame | null {
  for (let i = sampled.length - 1; i >= 0; i--) {
    const frame = sampled[i]!;
    if (frame.timestampMs > t) continue;
    if (t - frame.timestampMs > VISIBILITY_SEED_REACH_MS) return null;
    if (frame.landmarks.length > 0) return frame;
  }
  return null;
}

function seedFrame(frame: PoseFrame, first: PoseFrame, seed: PoseFrame, factor: number): PoseFrame {
  const landmarks = frame.landmarks.map((landmark, i) => {
    const from = first.landmarks[i]?.visibility;
    const to = seed.landmarks[i]?.visibility;
    if (from === undefined || to === undefined) return landmark;
    const visibility = Math.min(1, Math.max(0, landmark.visibility + factor * (to - from)));
    return { ...landmark, visibility };
  });
  return { ...frame, landmarks };
}

/** The frame without the windowed extraction's marks. */
function plainFrame(frame: WindowFrame): PoseFrame {
  const { warmUp: _warmUp, trackingStart: _start, ...plain } = frame;
  return plain;
}
