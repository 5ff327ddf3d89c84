// Verification as accurate as every frame (issue 24): a sampled pass finds the reps, then each
// rep's verdict-deciding moments are looked at again at the video's own frame rate, where a denser
// look could change the verdict, and the recording is analysed again with those frames in place.
// Pure: which windows to look at, and the sampled frames with the refined ones merged in. The
// engine (verify-video.ts) or a trace (tests, the bench) supplies the frames of the windows.

import type { FrameWindow } from '@reptemple/pose-sdk/node';
import type { RepEvidence } from './analyse-recording.js';
import { REFINEMENT } from './sampling.js';

/** A moment of a rep to look at again, and how close to its threshold it was judged. */
export interface RefinementMoment {
  /** null for a stretch where the sampled pass lost the person */
  readonly repNumber: number | null;
  /** The rule whose check asked for it; 'lost' for a stretch where the pass lost the person. */
  readonly reason: string;
  readonly window: FrameWindow;
  /**
   * Priority, lowest first: for a check |value - threshold| / margin (0 on the threshold, 1 at
   * the margin); 0.5 for a lost stretch.
   */
  readonly closeness: number;
}

export interface RefinementPlanOptions {
  /** frames per second of the sampled pass */
  readonly sampledFps: number;
  /** frames per second of the video (its own rate); estimates a window's frames for the budget */
  readonly videoFps: number;
  /** Windows already analysed at the video's rate (earlier rounds): not asked for again. */
  readonly refined: readonly FrameWindow[];
  /** Frames the plan may still cost, warm-up frames included. */
  readonly budgetFrames: number;
  /** Frames inferred before each window (the engine's warm-up), counted in the budget. */
  readonly warmUpFrames: number;
  /** Scales every rule's margin (REFINEMENT.margins): how close a check must be to be looked at again. */
  readonly marginScale?: number;
  /** Sampled intervals a window reaches either side of a timed moment. */
  readonly reachShare?: number;
  /** Stretches where the sampled pass lost the person (trackingGaps): looked at again too. */
  readonly gaps?: readonly FrameWindow[];
}

/**
 * Priority of a lost stretch among the moments (0 is a check on its threshold, 1 one at the
 * margin): a cycle the sampled pass lost is a rep gained or lost, as much as a verdict flipped.
 */
const GAP_CLOSENESS = 0.5;

/**
 * How far a check's value may be from its threshold and still flip with a denser look, in the
 * rule's own unit (REFINEMENT.margins: degrees, % of the body's length, score points, counts,
 * shares), times `scale`; a rule of unknown unit gets REFINEMENT.marginShare of its threshold.
 */
export function checkMargin(
  check: { readonly rule: string; readonly threshold: number },
  scale = 1,
): number {
  const unit = RULE_UNITS[check.rule];
  const margin =
    unit === undefined
      ? Math.abs(check.threshold) * REFINEMENT.marginShare
      : REFINEMENT.margins[unit];
  return margin * scale;
}

/** The unit of each rule's value, for its margin (both analysers' rules). */
const RULE_UNITS: Readonly<Record<string, keyof typeof REFINEMENT.margins>> = {
  depth: 'degrees',
  lockout: 'degrees',
  upperArm: 'degrees',
  knees: 'degrees',
  bottom: 'degrees',
  top: 'degrees',
  hipSag: 'lengthPercent',
  hipPike: 'lengthPercent',
  worm: 'lengthPercent',
  bodyLine: 'scorePoints',
  alignmentDrops: 'count',
  alignment: 'count',
  sustained: 'count',
  phases: 'count',
  visibility: 'share',
};

/**
 * The checks of a rep that a denser look could flip: measured (not NaN) and within the margin of
 * their threshold, passed or failed. A check far from its threshold stays on its side whatever
 * the rate (measured on the fixtures: docs/decisions.md, "Verified scores").
 */
function closeChecks(rep: RepEvidence, marginScale: number) {
  return rep.checks.flatMap((check) => {
    if (!Number.isFinite(check.value)) return [];
    const margin = checkMargin(check, marginScale);
    const distance = Math.abs(check.value - check.threshold);
    if (margin === 0 ? distance !== 0 : distance > margin) return [];
    return [{ check, closeness: margin === 0 ? 0 : distance / margin }];
  });
}

/** Whether `window` lies inside one of `windows`. */
function covered(window: FrameWindow, windows: readonly FrameWindow[]): boolean {
  return windows.some((done) => done.startMs <= window.startMs && window.endMs <= done.endMs);
}

/**
 * What `window` costs, in frames of inference: the frames the engine infers for it at `fps` at
 * most, its warm-up frames, and the restart of tracking before them (REFINEMENT.restartCostFrames).
 */
function windowCost(window: FrameWindow, fps: number, warmUpFrames: number): number {
  // The tolerance keeps 1/6 s at 30 frames/s 6 frames wide, not 5.999999.
  const frames = Math.floor(((window.endMs - window.startMs) / 1000) * fps + 1e-6) + 1;
  return frames + warmUpFrames + REFINEMENT.restartCostFrames;
}

/**
 * The moments of each rep to look at again. A check with a time (a rep's bottom, its top, the
 * worst body line: `timeMs`) is looked at from one sampled frame before it to one after, where
 * the true extreme lies whenever the sampled one is a local extreme. A check over the whole rep
 * (`timeMs` null: a mean, a share; or the phases a definition's rep went through, which its
 * bottom and top decide) can only be measured again over the whole rep.
 */
export function refinementMoments(
  reps: readonly RepEvidence[],
  sampledFps: number,
  marginScale = 1,
  reachShare: number = REFINEMENT.reachShare,
): RefinementMoment[] {
  const reachMs = (reachShare * 1000) / sampledFps;
  const around = (t: number): FrameWindow => ({ startMs: t - reachMs, endMs: t + reachMs });
  const moments: RefinementMoment[] = [];
  for (const rep of reps) {
    const close = closeChecks(rep, marginScale);
    if (close.length === 0) continue;
    for (const { check, closeness } of close) {
      const window =
        check.timeMs === null ? { startMs: rep.startMs, endMs: rep.endMs } : around(check.timeMs);
      moments.push({ repNumber: rep.repNumber, reason: check.rule, window, closeness });
    }
  }
  return moments;
}

/**
 * The windows to analyse at the video's own rate next: the moments not yet refined, closest to
 * their thresholds first, as many as the budget allows (a moment whose window would overrun it is
 * left out; smaller ones after it may still fit).
 */
export function planRefinement(
  reps: readonly RepEvidence[],
  options: RefinementPlanOptions,
): { windows: FrameWindow[]; moments: RefinementMoment[]; cost: number } {
  const gaps = (options.gaps ?? []).map(
    (window): RefinementMoment => ({
      repNumber: null,
      reason: 'lost',
      window,
      closeness: GAP_CLOSENESS,
    }),
  );
  const moments = [
    ...refinementMoments(reps, options.sampledFps, options.marginScale, options.reachShare),
    ...gaps,
  ]
    .filter((moment) => !covered(moment.window, options.refined))
    .sort((a, b) => a.closeness - b.closeness || a.window.startMs - b.window.startMs);
  const chosen: RefinementMoment[] = [];
  let budget = options.budgetFrames;
  for (const moment of moments) {
    if (chosen.some((taken) => covered(moment.window, [taken.window]))) {
      chosen.push(moment);
      continue;
    }
    const cost = windowCost(moment.window, options.videoFps, options.warmUpFrames);
    if (cost > budget) continue;
    budget -= cost;
    chosen.push(moment);
  }
  return {
    windows: chosen.map((moment) => moment.window),
    moments: chosen,
    cost: options.budgetFrames - budget,
  };
}

/**
 * The sampled frames with the refined ones in place, in time order: inside a refined window the
 * refined frames (every frame of the video there) replace the sampled ones; outside, the sampled
 * frames stay. Frames at one time are kept once.
 */
export function mergeRefinedFrames<F extends { readonly timestampMs: number }>(
  sampled: readonly F[],
  refined: readonly F[],
  windows: readonly FrameWindow[],
): F[] {
  const inside = (t: number) => windows.some((w) => w.startMs <= t && t <= w.endMs);
  const merged = [...sampled.filter((frame) => !inside(frame.timestampMs)), ...refined];
  merged.sort((a, b) => a.timestampMs - b.timestampMs);
  return merged.filter((frame, i) => i === 0 || frame.timestampMs !== merged[i - 1]!.timestampMs);
}

/**
 * Stretches where a pass lost the person (frames without landmarks) between frames that show
 * them, no longer than `maxMs`: from the last frame that showed them to the next. A pass over
 * every frame may follow the person through them (at 12 frames/s BlazePose lost fixture 04's
 * person at the bottom of a rep for 1 s, and the cycle with it; every frame, for 0.4 s). Longer
 * stretches are someone leaving the picture.
 */
export function trackingGaps(
  frames: readonly { readonly timestampMs: number; readonly landmarks: readonly unknown[] }[],
  maxMs: number,
): FrameWindow[] {
  const gaps: FrameWindow[] = [];
  let lastSeen: number | null = null;
  let lost = false;
  for (const frame of frames) {
    if (frame.landmarks.length === 0) {
      lost = lastSeen !== null;
      continue;
    }
    if (lost && lastSeen !== null && frame.timestampMs - lastSeen <= maxMs) {
      gaps.push({ startMs: lastSeen, endMs: frame.timestampMs });
    }
    lost = false;
    lastSeen = frame.timestampMs;
  }
  return gaps;
}
