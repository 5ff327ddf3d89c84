// How densely verification samples a video (issue 18 "Speed"; the study is
// `pnpm --filter @reptemple/verifier bench`, its figures in docs/benchmarks.md).
//
// The push-up analyser (relative turning points) counts every labelled push-up clip exactly at
// 12 fps, as at full rate, and loses clips at 10; 12 is the lowest rate whose accuracy equals full
// rate. The definition analyser (absolute phase ranges) changes counts at every sampled rate, so
// it verifies every frame.

import type { AnalyzerChoice } from '@reptemple/pose-sdk';

/** frames per second analysed by the push-up analyser */
export const PUSHUP_VERIFICATION_FPS = 12;

/** The sampling rate for an analyser: undefined means every frame. */
export function verificationFps(choice: AnalyzerChoice): number | undefined {
  return choice.kind === 'pushup' ? PUSHUP_VERIFICATION_FPS : undefined;
}
