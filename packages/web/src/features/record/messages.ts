// The record flow (spec 02 §2 "Challenge record", §4, §5, §8, §9): every fixed string and number.
// Spec strings verbatim; the ones the spec leaves to us are marked "ours". Units in the names or
// the comments.

export const RECORD = {
  backToChallenges: 'Back to Challenges',
  loadFailed: 'Failed to load challenge data.',
  notFoundMessage: "The challenge you're looking for doesn't exist or has been removed.",
  joinFailed: 'Failed to join challenge. Please try again.',
  // Registration (spec 02 §5, §8)
  missingInfoTitle: 'Missing Information',
  missingInfo: 'Please enter your name and email to continue.',
  missingEmailTitle: 'Missing Email',
  missingEmail: 'Please enter your email to continue.',
  accountFailed: 'Failed to create account or send magic link. Please try again.',
  // Recording (spec 02 §8)
  recordingErrorTitle: 'Recording Error',
  recordingError: 'Failed to start recording. Please try again.',
  cannotSwitchTitle: 'Cannot Switch Camera',
  cannotSwitch: 'Please stop recording before switching cameras.',
  submissionFailedTitle: 'Submission Failed',
  submissionFailed: 'There was an error submitting your challenge attempt. Please try again.',
  uploadFailedStatus: (status: number, statusText: string) =>
    `Upload failed with status ${status}: ${statusText}`,
  // The fallback card (spec 02 §2)
  fallbackTitle: 'Recording Interface Not Loading',
  forceLoad: 'Force Load Recording',
  refreshPage: 'Refresh Page',
  debugConsole: 'Debug Console',
  // Buttons and titles the spec names
  setupTitle: 'Setup Instructions',
  startChallenge: 'Start Challenge',
  startRecording: 'Start Recording',
  finishRecording: 'Finish Recording',
  submitChallenge: 'Submit Challenge',
  completeTitle: 'Challenge Complete',
  /** Only verified counts rank (issue 25): what the participant is told right after submitting. */
  rankOnceVerified:
    'Your rank comes once the server has verified your video: until then the leaderboard lists your count as claimed.',
  rankOnceVideoVerified:
    'Your count ranks once its video is sent and verified: until then the leaderboard lists it as claimed.',
  nextUser: 'NEXT USER',
  // ours
  registerTitle: 'Join the challenge',
  duelRegisterIntro: 'Enter your name, email and gender to take part. No password needed.',
  registerIntro: 'Enter your email to take part. Your name is shown on the leaderboard.',
  continue: 'Continue',
  creatingAccount: 'Signing you in...',
  haveAccount: 'Already have an account?',
  signIn: 'Sign in',
  checkEmailTitle: 'Check your email',
  checkEmail: (email: string) =>
    `This email already has an account. We sent a sign-in link and a code to ${email}: open the link on this device, or type the code here, to continue recording. They expire in 1 hour.`,
  resendLink: 'Send the link again',
  linkResentTitle: 'Magic link sent!',
  linkResent: 'Check your email for a sign-in link.',
  differentEmail: 'Use a different email',
  welcomeBackTitle: (name: string) => `Welcome back, ${name}!`,
  welcomeBack: 'Check your name and gender for the leaderboard, then set up your camera.',
  notYou: 'Not you? Switch participant',
  genderNotAllowed: (allowed: string) => `This challenge is open to ${allowed} participants only.`,
  alreadySubmittedTitle: 'Already submitted',
  alreadySubmitted:
    'This challenge takes one attempt per participant, and yours is already on the leaderboard.',
  alreadySubmittedToday:
    'This daily challenge takes one attempt a day, and today’s is in. Come back tomorrow (your days here are counted in the time zone of your first attempt).',
  closedTitle: 'This challenge is closed',
  // The daily rule before the camera (issue 26, ours)
  nextAttemptTitle: 'Today’s attempt is in',
  nextAttemptIn: (until: string) => `Next attempt in ${until}`,
  nextAttemptOpens: (moment: string, zone: string) => `It opens on ${moment} (${zone}).`,
  nextAttemptLocal: (moment: string, zone: string) =>
    `That is ${moment} where you are now (${zone}).`,
  dailyRule:
    'This daily challenge takes one attempt a day, counted in the time zone of your first attempt.',
  lastDayOver: (end: string) =>
    `The challenge ends on ${end}, before your next day starts. Thank you for taking part!`,
  lessThanAMinute: 'less than a minute',
  checkingToday: 'Checking today’s attempt...',
  notFoundTitle: 'Challenge Not Found',
  configurationErrorTitle: 'Configuration Error',
  configurationError:
    'This challenge’s exercise definition cannot be used for counting. Please tell the organiser.',
  cameraDeniedTitle: 'Camera access was denied',
  cameraDenied:
    'Allow camera access for this site in your browser (the camera icon in the address bar, or the site settings), then try again.',
  cameraAbsentTitle: 'No camera found',
  cameraAbsent: 'Connect a camera or use a phone, then try again.',
  cameraFailedTitle: 'The camera could not start',
  cameraFailed: (detail: string) =>
    `${detail} Close other apps that use the camera, then try again.`,
  retryCamera: 'Try again',
  switchCamera: 'Switch camera',
  rotate: 'Rotate 180°',
  diagnostics: 'Diagnostics',
  // The diagnostics' A/B comparison (ours): counting pauses while the loop only detects.
  inferenceOnly: 'Inference only (pauses counting)',
  liveLoopRate: 'Live loop frames/s',
  inferenceOnlyRate: 'Inference-only frames/s',
  loadingModel: 'Loading the pose model...',
  get: 'GO!',
  restWarning: (seconds: number) =>
    `Keep moving! The attempt ends after 3 seconds of rest (${seconds} s).`,
  limitWarning: (seconds: number) => `${seconds} s left of the 5-minute limit`,
  endedByRest: 'Attempt ended: you rested for more than 3 seconds.',
  endedByLimit: 'Time is up: the 5-minute limit was reached.',
  endedByUser: 'Attempt finished.',
  recordAgain: 'Record again',
  // Claimed to verified (issue 26, ours)
  validRepsCountedLive: 'valid reps, counted live',
  submittedCountedLive: (reps: number) =>
    `${reps} valid reps submitted, counted live. The server verifies your video; the leaderboard shows the verified count.`,
  countedLiveNote:
    'Counted live on this device. After you submit, the server counts your video again, and the leaderboard shows the verified count.',
  uploading: 'Uploading your video...',
  saving: 'Saving your attempt...',
  savedWithoutVideoTitle: 'Saved without video',
  savedWithoutVideo: (reason: string) =>
    `${reason} Your attempt was saved without its video; the video is kept on this device so you can send it again.`,
  resendVideo: 'Send video again',
  videoAttachedTitle: 'Video sent',
  videoAttached: 'Your video is now part of your attempt.',
  emptyRecording: 'The recording is empty, so no video was uploaded.',
  pendingTitle: 'You have an attempt that was not sent',
  pendingIntro: (reps: number, when: string) =>
    `${reps} valid reps, recorded ${when}. It is kept on this device until it is saved.`,
  pendingVideoIntro: (reps: number, when: string) =>
    `Your attempt of ${when} (${reps} valid reps) was saved without its video. The video is kept on this device until it is sent.`,
  sendNow: 'Send it now',
  discard: 'Discard',
  viewLeaderboard: 'View Leaderboard',
  offline: 'The upload could not reach the server (offline?).',
  uploadStopped: 'The upload was stopped.',
  /** The database refused the row though the challenge is still open (e.g. a changed account). */
  recordingRefused:
    'This attempt could not be saved for this challenge. Sign in with the account you joined with, then try again.',
} as const;

/** Spec 02 §9: countdown and recorder. */
export const COUNTDOWN_SECONDS = 5;
/** The recorder starts when the counter shows this number. */
export const RECORDER_STARTS_AT = 1;
/** One countdown step. ms */
export const COUNTDOWN_STEP_MS = 1000;
export const CAMERA_CONSTRAINTS = {
  width: { ideal: 640 },
  height: { ideal: 360 },
  frameRate: { ideal: 24 },
} as const;
export const RECORDER_MIME_TYPE = 'video/webm;codecs=vp8';
/** bits/s */
export const RECORDER_BITS_PER_SECOND = 800_000;
/** A chunk every this often. ms */
export const RECORDER_TIMESLICE_MS = 1000;
/** The preview turns 180° at this screen angle, and the rotate button steps by 180. degrees */
export const AUTO_ROTATE_SCREEN_ANGLE = 180;
export const ROTATE_STEP_DEGREES = 180;

/** Spec 02 §4, §9: a session lasts at most 5 minutes; a rest over 3 s ends it. ms */
export const SESSION_LIMIT_MS = 5 * 60_000;
export const MAX_REST_MS = 3000;
/** Ours: the warnings that come first. ms before the end of the limit; ms of rest. */
export const LIMIT_WARNING_MS = 30_000;
export const REST_WARNING_AFTER_MS = 1000;

/** Spec 02 §9: the fact carousel. */
export const CAROUSEL_FACT_COUNT = 20;
export const CAROUSEL_ROTATE_MS = 4000;
export const CAROUSEL_FADE_MS = 300;
export const CAROUSEL_DOTS = 10;

/** Ours: the fallback card shows when the recording card has no camera picture after this. ms */
export const RECORDING_INTERFACE_TIMEOUT_MS = 10_000;
/** The pose model of live counting: lite keeps up with the camera on a laptop CPU. */
export const LIVE_POSE_MODEL = 'lite' as const;
/** The exercise named in the upload when the definition has no usable name (spec 02 §7). */
export const DEFAULT_UPLOAD_EXERCISE = 'PUSHUP';
