// Verification as accurate as every frame (issue 24): a sampled pass finds the reps, then each
// rep's verdict-deciding moments are looked at again at the video's own frame rate, where a denser
// look could change the verdict, and the recording is analysed again with those frames in place.
// Pure: which windows to look at, and the sampled frames with the refined ones merged in. The
// engine (verify-video.ts) or a trace (tests, the bench) supplies the frames of the windows.

import { ELBOW_CALIBRATION_FLOOR, type RuleCheck } from '@reptemple/pose-sdk';
import type { FrameWindow } from '@reptemple/pose-sdk/node';
import type { AngleSample, EvidenceCheck, RepEvidence } from './analyse-recording.js';
import { REFINEMENT } from './sampling.js';

/**
 * Why a moment is looked at again, in the order the budget serves them: a stretch where the
 * sampled pass lost the person (a rep gained or lost); a check that a denser look moves toward
 * its threshold (`likely`: a sampled extreme is never more extreme than the true one); a check a
 * denser look moves away from its threshold, which only the detector's frame-to-frame noise could
 * flip (`noise`).
 */
export type RefinementTier = 'lost' | 'likely' | 'noise';

const TIER_ORDER: Readonly<Record<RefinementTier, number>> = { lost: 0, likely: 1, noise: 2 };

/** A moment of a rep to look at again, and how close to its threshold it was judged. */
export interface RefinementMoment {
  /** null for a stretch where the sampled pass lost the person */
  readonly repNumber: number | null;
  /** The rule whose check asked for it; 'lost' for a stretch where the pass lost the person. */
  readonly reason: string;
  readonly window: FrameWindow;
  readonly tier: RefinementTier;
  /**
   * Priority within the tier, lowest first: |value - threshold| in margins of the rule (0 on the
   * threshold, 1 a margin away; a fast top let in by its neighbours' fall may be farther); for the
   * noise tier, in noise margins; 0 for a lost stretch.
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
  /**
   * The driving angle over the pass (the elbow for push-ups): around a sampled elbow extreme its
   * neighbours say how far the true extreme between the samples may lie (elbowUncertainty).
   */
  readonly angles?: readonly AngleSample[];
}

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
 * Which way a denser look moves a rule's value, for rules whose value is the rep's extreme at one
 * frame. A sampled extreme is never more extreme than the frames between the samples: the
 * elbow's bottom (depth, a definition's bottom) can only read deeper and its top (lockout, top)
 * straighter, the upper arm lower, all toward passing; the worst hips, worm and knees can only
 * read worse, toward failing. Rules over the whole rep (a mean, a share, a count) have no side.
 */
const DENSER_LOOK_MOVES: Readonly<Record<string, 'towardPass' | 'towardFail'>> = {
  depth: 'towardPass',
  lockout: 'towardPass',
  bottom: 'towardPass',
  top: 'towardPass',
  upperArm: 'towardPass',
  knees: 'towardFail',
  hipSag: 'towardFail',
  hipPike: 'towardFail',
  worm: 'towardFail',
};

/** Rules decided on the elbow's own extreme, whose neighbours in the pass bound the true one. */
const ELBOW_EXTREME_RULES = new Set(['depth', 'lockout']);

/**
 * degrees (the check's unit): how far the elbow's true extreme may lie beyond the sampled one at
 * `check.timeMs`, from its neighbours in the pass: REFINEMENT.peakShare of the fall to the lower
 * neighbour (a peak whose sides fall linearly puts its true top at most half that beyond the
 * highest sample; the two passes' detectors differ too, and the fixtures needed a whole fall),
 * scaled by the calibration's stretch there (value / reading above the floor, core/calibration).
 * 0 when the neighbours are missing.
 */
export function elbowUncertainty(
  check: Pick<RuleCheck, 'value' | 'raw' | 'bound' | 'timeMs'>,
  angles: readonly AngleSample[],
  sampledFps: number,
): number {
  if (check.timeMs === null || angles.length < 3) return 0;
  const intervalMs = 1000 / sampledFps;
  let index = 0;
  for (let i = 1; i < angles.length; i++) {
    if (Math.abs(angles[i]!.t - check.timeMs) < Math.abs(angles[index]!.t - check.timeMs))
      index = i;
  }
  const at = angles[index]!;
  const before = angles[index - 1];
  const after = angles[index + 1];
  const near = (sample: AngleSample | undefined) =>
    sample !== undefined && Math.abs(sample.t - at.t) <= NEIGHBOUR_REACH * intervalMs;
  if (Math.abs(at.t - check.timeMs) > intervalMs / 2 || !near(before) || !near(after)) return 0;
  // A top (the value must be at least the threshold) rises between the samples; a bottom falls.
  const fall =
    check.bound === 'min'
      ? at.angle - Math.min(before!.angle, after!.angle)
      : Math.max(before!.angle, after!.angle) - at.angle;
  const raw = check.raw;
  const stretch =
    raw !== undefined && Number.isFinite(raw) && raw > ELBOW_CALIBRATION_FLOOR + 1
      ? Math.max(1, (check.value - ELBOW_CALIBRATION_FLOOR) / (raw - ELBOW_CALIBRATION_FLOOR))
      : 1;
  return Math.max(0, fall) * REFINEMENT.peakShare * stretch;
}

/** Sampled intervals a neighbour of an extreme may lie from it (a frame or two lost between). */
const NEIGHBOUR_REACH = 2.5;

interface Candidate {
  readonly check: EvidenceCheck;
  readonly tier: 'likely' | 'noise';
  readonly closeness: number;
}

/**
 * A check a denser look could flip, or null: measured (not NaN) and within reach of its
 * threshold. Toward its threshold (DENSER_LOOK_MOVES) the reach is the rule's margin, or for the
 * elbow's extremes the neighbours' bound when larger; away from it only the detector's noise
 * could flip it (REFINEMENT.noiseShare of the margin). Rules with no side keep the margin both
 * ways.
 */
function candidate(
  check: EvidenceCheck,
  options: { marginScale: number; angles: readonly AngleSample[]; sampledFps: number },
): Candidate | null {
  if (!Number.isFinite(check.value)) return null;
  const margin = checkMargin(check, options.marginScale);
  const distance = Math.abs(check.value - check.threshold);
  const moves = DENSER_LOOK_MOVES[check.rule];
  const toward =
    moves === undefined || (moves === 'towardPass') === !check.passed || distance === 0;
  const reach = !toward
    ? margin * REFINEMENT.noiseShare
    : ELBOW_EXTREME_RULES.has(check.rule)
      ? Math.max(margin, elbowUncertainty(check, options.angles, options.sampledFps))
      : margin;
  if (reach === 0 ? distance !== 0 : distance > reach) return null;
  // Ranked by the rule's own margin, not the reach: a fast rep's wide reach lets its check in,
  // not ahead of checks nearer their thresholds.
  const scale = toward ? margin : reach;
  return {
    check,
    tier: toward ? 'likely' : 'noise',
    closeness: scale === 0 ? 0 : distance / scale,
  };
}

/**
 * The checks of a rep whose flip would change its verdict: of a valid rep each check a denser
 * look could fail; of a failed rep its failed checks, and only when every one of them could pass
 * (a rep failed by a check far from its threshold stays failed whatever the others read).
 */
function verdictCandidates(
  rep: RepEvidence,
  options: { marginScale: number; angles: readonly AngleSample[]; sampledFps: number },
): Candidate[] {
  const relevant = rep.isValid ? rep.checks : rep.checks.filter((check) => !check.passed);
  const found = relevant.map((check) => candidate(check, options));
  if (!rep.isValid && found.some((c) => c === null)) return [];
  return found.filter((c): c is Candidate => c !== null);
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
  angles: readonly AngleSample[] = [],
): RefinementMoment[] {
  const reachMs = (reachShare * 1000) / sampledFps;
  const around = (t: number): FrameWindow => ({ startMs: t - reachMs, endMs: t + reachMs });
  const moments: RefinementMoment[] = [];
  for (const rep of reps) {
    for (const { check, tier, closeness } of verdictCandidates(rep, {
      marginScale,
      angles,
      sampledFps,
    })) {
      const window =
        check.timeMs === null ? { startMs: rep.startMs, endMs: rep.endMs } : around(check.timeMs);
      moments.push({ repNumber: rep.repNumber, reason: check.rule, window, tier, closeness });
    }
  }
  return moments;
}

/**
 * The windows to analyse at the video's own rate next: the moments not yet refined, by tier
 * (lost stretches, then checks a denser look moves toward their thresholds, then the ones only
 * noise could flip), closest to their thresholds first within a tier, as many as the budget
 * allows (a moment whose window would overrun it is left out; smaller ones after it may still
 * fit).
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
      tier: 'lost',
      closeness: 0,
    }),
  );
  const moments = [
    ...refinementMoments(
      reps,
      options.sampledFps,
      options.marginScale,
      options.reachShare,
      options.angles,
    ),
    ...gaps,
  ]
    .filter((moment) => !covered(moment.window, options.refined))
    .sort(
      (a, b) =>
        TIER_ORDER[a.tier] - TIER_ORDER[b.tier] ||
        a.closeness - b.closeness ||
        a.window.startMs - b.window.startMs,
    );
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
