// The recording view's strings and numbers (spec 02 §2 "Recording view", §8, §9). Spec strings
// are verbatim; the others are ours.

export const RECORDING_VIEW = {
  notFoundTitle: 'Recording Not Found',
  notFoundText: 'This recording does not exist, was removed, or belongs to another challenge.',
  configurationErrorTitle: 'Configuration Error',
  configurationErrorText:
    "This challenge's exercise definition is missing or invalid, so its recordings cannot be shown. An admin can fix the challenge.",
  backToLeaderboard: 'Back to Leaderboard',
  loading: 'Loading recording...',
  loadFailed: 'Failed to load recording data. Please try again.',
  tryAgain: 'Try again',
  validReps: 'Valid Reps',
  invalidReps: 'Invalid Reps',
  totalTime: 'Total Time',
  repsPerMinute: 'Reps per Minute',
  showAnalysis: 'Show Detailed Analysis',
  hideAnalysis: 'Hide Detailed Analysis',
  loadingAnalysis: 'Loading the analysis...',
  noVideo: 'No video was uploaded with this recording.',
  shareTitle: 'Share Your Achievement',
  gifUnavailable: 'GIF not available for this recording',
  downloadGif: 'Download GIF',
  share: 'Share',
  copy: 'Copy',
  shares: (count: number) => `${count} ${count === 1 ? 'share' : 'shares'}`,
  copiedTitle: 'Copied!',
  copiedText: 'Caption and link copied to clipboard.',
  copyFailedTitle: 'Copy Failed',
  copyFailedText: 'Please try again or copy the URL manually.',
  shareFailedTitle: 'Share Failed',
  shareFailedText: 'Please try again.',
  downloadFailed: 'The GIF could not be downloaded. Please try again.',
  hiddenNote: 'Results are hidden until the challenge ends.',
  caption: (reps: number, duration: string, challengeName: string, hashtag: string) =>
    `I did ${reps} clean reps in ${duration}: ${challengeName} on RepTemple ${hashtag}`.trim(),
} as const;

export const SECONDS_PER_MINUTE = 60;
