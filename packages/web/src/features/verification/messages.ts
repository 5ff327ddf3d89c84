// Verified scores (issue 18): how a recording's verification reads on every screen. The spec has
// none of these; 'Verifying…' is the word.

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
} as const;

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
