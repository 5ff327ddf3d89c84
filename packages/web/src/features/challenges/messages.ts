// Challenges list and detail (spec 02 §2, §8, §9): every fixed string and number of these screens.
// Spec strings verbatim; the ones the spec leaves to us are marked "ours".

export const CHALLENGES = {
  title: 'Take the Challenge',
  viewDetails: 'View Details',
  leaderboard: 'Leaderboard',
  takeChallenge: 'Take Challenge',
  comingSoon: 'Coming Soon',
  ended: 'Ended',
  loadFailed: 'Failed to load challenges. Please try again.',
  // ours
  noLeader: 'none yet',
  /** The blurred stand-in for a leader while a duel's results are hidden. */
  hiddenLeader: 'Hidden',
  summaryFailed: 'Participants unavailable',
} as const;

export const DETAIL = {
  noIdentifier: 'Challenge not found',
  loading: 'Loading challenge...',
  notFoundTitle: 'Challenge Not Found',
  notFoundMessage: "The challenge you're looking for doesn't exist or has been removed.",
  browseChallenges: 'Browse Challenges',
  loadFailed: 'Failed to load challenge. Please try again.',
  back: 'Back',
  share: 'Share',
  qrCode: 'QR Code',
  qrCaption: 'Scan to join challenge',
  durationDuel: 'Duration: 72 hours',
  expired: 'Challenge Expired',
  join: 'Join Challenge',
  joining: 'Joining...',
  viewLeaderboard: 'View Leaderboard',
  /** The participant count while it loads, as on the challenge cards. */
  participantsLoading: '…',
  viewAll: (count: number) => `View All ${count} Participants`,
  joinFailed: 'Failed to join challenge. Please try again.',
  alreadyJoinedTitle: 'Already joined',
  alreadyJoined: "You've already joined this challenge!",
  linkCopiedTitle: 'Link copied!',
  linkCopied: 'Challenge link copied to clipboard.',
  copyFailedTitle: 'Copy Failed',
  copyFailed: 'Please try again or copy the URL manually.',
  shareFailedTitle: 'Share Failed',
  shareFailed: 'Please try again.',
  // ours
  joinRefusedTitle: 'Cannot join',
  duelNotStarted: 'Starts when the first participant joins',
  topHidden: 'Results are hidden until the challenge ends.',
} as const;

/** Where the detail page's back button goes (spec 02 §2). */
export const DETAIL_BACK_PATH = '/pushup-challenge';
/** Participants shown on the detail page (spec 02 §9). */
export const DETAIL_TOP_COUNT = 3;
/** The QR code (spec 02 §2, §9). px, modules */
export const QR_CODE_SIZE_PX = 200;
export const QR_CODE_MARGIN = 2;
