// Event pages' strings and numbers (spec 02 §1, §2 "Event landing", "Pushtober", §4, §5, §9).
// Spec strings and numbers are verbatim; the rest is our copy.

/** Prizes of the TOKEN2049 event (spec 02 §1, §9). USDT */
export const REP_KING_PRIZE_USDT = 66.6;
export const REFERRAL_KING_PRIZE_USDT = 33.3;
/** How long 'Copied!' shows after copying the referral link (spec 02 §9). ms */
export const COPY_CONFIRMATION_MS = 3000;
/** Session limits the event rules state (spec 02 §5, §9). */
export const MAX_SESSION_MINUTES = 5;
export const MAX_REST_SECONDS = 3;

export const EVENT = {
  join: 'Join the Challenge',
  viewLeaderboard: 'View Leaderboard',
  referralOpen: 'Get Your Referral Link',
  referralTitle: 'Your Referral Link',
  referralIntro:
    'Enter the e-mail you take part with. Friends who join through your link and complete a session count towards Referral King.',
  referralEmail: 'Your e-mail',
  generateLink: 'Generate Link',
  copy: 'Copy',
  copied: 'Copied!',
  copyFailedTitle: 'Copy Failed',
  copyFailed: 'Please try again or copy the URL manually.',
  loading: 'Loading event...',
  loadFailed: 'Failed to load challenge. Please try again.',
  tryAgain: 'Try again',
} as const;

/** Pushtober (spec 02 §2 "Pushtober landing", §4, §9). */
export const PUSHTOBER_SLUG = 'pushtober';
/** October 1-31, local time. */
export const PUSHTOBER_MONTH_INDEX = 9; // Date months count from 0
export const PUSHTOBER_DAYS = 31;
/** Beginners: 5-10 reps a day plus 1 each day (spec 02 §9). */
export const BEGINNER_START_REPS = { min: 5, max: 10 } as const;
export const BEGINNER_DAILY_INCREMENT = 1;
/** Leaders shown on the Pushtober page; the full board is one click away. */
export const PUSHTOBER_LEADERS_SHOWN = 10;

export const PUSHTOBER = {
  join: 'Join Pushtober',
  logToday: "Log Today's Reps",
  seeLeaderboard: 'See Leaderboard',
  share: 'Share',
  shareText:
    'Pushtober: push-ups every day of October. One clean rep a day keeps the streak alive.',
  linkCopiedTitle: 'Link copied!',
  linkCopied: 'Pushtober link copied to clipboard.',
  shareFailedTitle: 'Share Failed',
  shareFailed: 'Please try again.',
  copyFailed: 'Failed to copy link to clipboard.',
  leaderboardTitle: 'Pushtober Leaderboard',
  leaderboardEmpty: 'No one has logged reps yet. Be the first.',
  progressTitle: 'Your Pushtober',
  streak: (days: number) => `${days}-day streak`,
  loadFailed: 'Failed to load challenge data.',
} as const;
