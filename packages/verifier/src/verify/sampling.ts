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
 * Refinement of a sampled pass (issue 24, docs/decisions.md "Verified scores"): a rep's checks
 * whose value lies within `marginShare` of their threshold (10%: 160 degrees +-16, 105 +-10.5,
 * 75% +-7.5) are measured again at the video's own frame rate around the frame they were taken
 * at, and the recording analysed again; at most `budgetShare` more frames than the sampled pass
 * are inferred for it (warm-up frames included), in at most `rounds` rounds (a check judged only
 * once an earlier one has passed is looked at in the next round).
 */
export const REFINEMENT = {
  marginShare: 0.15,
  budgetShare: 0.25,
  rounds: 2,
  /** ms: longest stretch without the person that is looked at again (trackingGaps) */
  maxGapMs: 2_000,
} as const;
