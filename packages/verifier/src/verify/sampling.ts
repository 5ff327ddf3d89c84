// How densely verification samples a video (issue 18 "Speed"; the study is
// `pnpm --filter @reptemple/verifier bench`, its figures in docs/benchmarks.md).
//
// The push-up analyser (relative turning points) counts every labelled push-up clip exactly at
// 12 fps, as at full rate, and loses clips at 10; 12 is the lowest rate whose accuracy equals full
// rate. The definition analyser (absolute phase ranges) changes counts at every sampled rate, so
// it verifies every frame.

import type { AnalyzerChoice } from '@reptemple/pose-sdk';

/**
 * The pose model verification uses unless a challenge says otherwise: full, not the lite model
 * the browser counts with live. The lite model reads the elbow at the top of clean side-view
 * push-ups a median 4.5 degrees short of the full model at the same frames (06: 0 of 4 clean
 * lockouts over the 160-degree rule, full 4; 30: 0 of 2, full 2), and no measurement of the
 * lockout closes that gap without crediting bent arms (docs/decisions.md, "Verification model").
 * Verified counts rank the leaderboard, so they are taken with the model that reads the rule right.
 */
export const DEFAULT_VERIFICATION_MODEL = 'full' as const;

/** frames per second analysed by the push-up analyser */
export const PUSHUP_VERIFICATION_FPS = 12;

/** The sampling rate for an analyser: undefined means every frame. */
export function verificationFps(choice: AnalyzerChoice): number | undefined {
  return choice.kind === 'pushup' ? PUSHUP_VERIFICATION_FPS : undefined;
}

/**
 * Refinement of a sampled pass (issue 24, docs/decisions.md "Verified scores"). A rep's checks
 * whose value lies within its rule's margin of their threshold (`margins`, in the rule's unit: 15
 * degrees, 3% of the body's length, 11 score points, one count, 0.08 of the frames; a rule of
 * another unit `marginShare` of its threshold) are measured again at the video's own frame rate, from one sampled frame before the
 * frame they were taken at to one after (`reachShare`), and the recording analysed again. The
 * margin covers how far a real 12 frames/s extraction's deciding values fell from every frame's
 * on the 21 push-up fixtures (depth up to 15.7 degrees, 10.5 at the 95th percentile; lockout 14.7
 * at the 95th): a value farther from its threshold keeps its side. At most `budgetShare` more
 * frames than the sampled pass are inferred (warm-up frames included; the closest checks first),
 * which keeps a verification within 1.3x the inference of the sampled pass on every video, in at
 * most `rounds` rounds (a check judged only once an earlier one passes is looked at in the next).
 */
export const REFINEMENT = {
  /**
   * Margins by the unit of a rule's value. Degrees: a real 12 frames/s extraction's elbow fell up
   * to 15.7 degrees from every frame's (10.5 at the 95th percentile, lockouts 14.7); the elbow's
   * calibration since stretches readings above 120, so one margin in degrees (not a share of the
   * threshold, which gave lockouts 24 and bottoms 15.75) keeps the closest checks first.
   */
  margins: {
    degrees: 15,
    lengthPercent: 3,
    scorePoints: 11,
    count: 1,
    share: 0.08,
  },
  marginShare: 0.15,
  /** sampled intervals a window reaches either side of a timed moment */
  reachShare: 1,
  budgetShare: 0.26,
  /**
   * Frames' worth of inference a window costs besides its frames: the empty frame that restarts
   * tracking and the person detector on the first frame after it (measured: 1.2-1.6 frames).
   */
  restartCostFrames: 1.5,
  rounds: 2,
  /** ms: longest stretch without the person that is looked at again (trackingGaps) */
  maxGapMs: 2_000,
} as const;
