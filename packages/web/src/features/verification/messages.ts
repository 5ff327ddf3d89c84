// Verified scores (issue 18): how a recording's verification reads on every screen. The spec has
// none of these; 'Verifying…' is the issue's word.

import type { DbEnum } from '../../data/database';

export type VerificationStatus = DbEnum<'recording_verification_status'>;

export const VERIFICATION = {
  verifying: 'Verifying…',
  verified: 'Verified',
  unverifiedNoVideo: 'Unverified (no video)',
  failed: 'Verification failed',
  flagged: 'Flagged',
  flaggedHelp: 'The verified count differs from the claimed count by more than one rep.',
  flaggedOnly: 'Flagged only',
  claimed: (count: number) => `claimed ${count}`,
  evidenceTitle: 'Rep by rep',
  evidenceEmpty: 'No evidence yet: the video has not been verified.',
  evidenceLoadFailed: 'Failed to load the verification evidence.',
  showEvidence: 'Show evidence',
  hideEvidence: 'Hide evidence',
  repValid: 'valid',
  contactSheetAlt: (rep: number) => `Rep ${rep}: the bottom and the top frame, skeleton drawn`,
  // Claimed to verified, explained (issue 26; ours)
  countedLive: 'counted live',
  countedLiveHelp:
    'Counted live on your device. The server verifies the video after you submit, and the leaderboard shows the verified count.',
  verifiedValid: (count: number) => `Verified: ${count} valid reps`,
  onTheLiveCount: (difference: number) =>
    `(${difference > 0 ? `+${difference}` : `−${-difference}`} on the live count)`,
  liveCount: (count: number) => `live count ${count}`,
  difference: (difference: number) =>
    difference > 0 ? `+${difference}` : difference < 0 ? `−${-difference}` : '±0',
  differsTitle: 'Where the verification differs from the live count',
  differsSummary: (verified: number, live: number) =>
    verified === live
      ? `Verified ${verified} valid reps, as the live count said, though some reps were judged differently.`
      : `Verified ${verified} valid reps; the live count said ${live} (${verified > live ? `${verified - live} more` : `${live - verified} fewer`}).`,
  sameAsLive: (count: number) => `Verified ${count} valid reps, as the live count said.`,
  liveRepsMissing:
    'The live attempt’s reps were not stored with this recording, so they cannot be compared rep by rep.',
  missedLive: (fps: number | null) =>
    fps === null
      ? 'Not counted live: the live analysis saw no whole rep here.'
      : `Not counted live: the live analysis saw no whole rep here (it analysed ${fps} frames a second).`,
  notInVideo: (valid: boolean, at: string) =>
    `Counted live as ${valid ? 'valid' : 'not valid'} at ${at}; the verification found no whole rep there, so it has no picture.`,
  liveValidVerifiedNot: (reason: string) =>
    `Counted valid live; the video’s frames show: ${reason}.`,
  liveNotVerifiedValid: (reason: string | null) =>
    reason
      ? `Live: ${reason}. The video’s frames show a valid rep.`
      : 'Not valid live; the video’s frames show a valid rep.',
  liveDeciding: (rule: string, value: string, bound: 'min' | 'max', threshold: string) =>
    `Live, ${rule} read ${value} (${bound === 'min' ? 'at least' : 'at most'} ${threshold} counts).`,
  verifiedAngles: (angle: string, bottom: string, top: string) =>
    `In the video: ${angle} ${bottom} at the bottom, ${top} at the top.`,
  // While verifying (issue 26; ours)
  verifyingNow: 'Verifying your video now',
  inQueue: (position: number) => `${ordinal(position)} in the queue`,
  aboutLeft: (duration: string) => `about ${duration} left`,
  anyMoment: 'any moment now',
  stalled: 'No verifier is taking videos right now; yours keeps its place.',
  estimateBasis: (rate: number, samples: number) =>
    `Estimated from the last ${samples} verification${samples === 1 ? '' : 's'} (${rate.toFixed(1)} s per second of video).`,
  noEstimateYet: 'No estimate yet: this server has not verified a video with this model.',
  seeRepByRep: 'See it rep by rep',
  allReps: (count: number) => `Show all ${count} reps`,
  fewerReps: 'Show fewer',
} as const;

/** 1st, 2nd, 3rd, 4th, 11th, 21st ... (English). */
export function ordinal(position: number): string {
  const tens = position % 100;
  const suffix =
    tens >= 11 && tens <= 13
      ? 'th'
      : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[position % 10] ?? 'th');
  return `${position}${suffix}`;
}

/** What each status shows as its badge. */
export const VERIFICATION_STATUS_LABELS = {
  verifying: VERIFICATION.verifying,
  verified: VERIFICATION.verified,
  no_video: VERIFICATION.unverifiedNoVideo,
  failed: VERIFICATION.failed,
} as const satisfies Record<VerificationStatus, string>;

/** A rep's contact sheet, served by the backend next to the videos. */
export function contactSheetUrl(recordingId: string, repNumber: number): string {
  return `/api/recordings/${recordingId}/reps/${repNumber}.jpg`;
}
