// @reptemple/verifier: server-side verification of submitted recordings (issue 18).
//   queue/    the job queue (pg-boss in the stack's PostgreSQL), used by the media jobs too
//   verify/   one video verified: the pose engine, the SDK's frame path, evidence, contact sheets
//   worker/   the verification worker over the queue and the database; rescoring a challenge

/** The built-in push-up definition, counted by the push-up analyser (@reptemple/definitions). */
export { BUILTIN_PUSHUP_DEFINITION_ID } from '@reptemple/definitions';
export { SILENT_LOGGER, type VerifierLogger } from './log.js';
export {
  type FairlyTakenJob,
  fairlyAheadOf,
  TAKE_NEXT_FAIR_JOB_SQL,
  takeNextFairJob,
} from './queue/fair-order.js';
export {
  type JobQueue,
  type JobQueueOptions,
  QUEUE_SCHEMA,
  type QueueDefinition,
  type QueuedJob,
  startJobQueue,
} from './queue/job-queue.js';
export { type QueuePosition, queuePosition, type RunningJob } from './queue/queue-position.js';
export {
  type AngleSample,
  analyseRecording,
  decidingCheck,
  type EvidenceCheck,
  type FullRateTest,
  type PhaseChange,
  type RecordingAnalysis,
  type RepEvidence,
} from './verify/analyse-recording.js';
export { renderContactSheet } from './verify/contact-sheet.js';
export { type DrivingAngle, drivingAngleFor } from './verify/driving-angle.js';
export {
  insideWindows,
  type RefinementSummary,
  type RefineOptions,
  refineAnalysis,
} from './verify/refine-analysis.js';
export {
  checkMargin,
  mergeRefinedFrames,
  planRefinement,
  type RefinementMoment,
  refinementMoments,
} from './verify/refinement.js';
export {
  DEFAULT_VERIFICATION_MODEL,
  PUSHUP_VERIFICATION_FPS,
  REFINEMENT,
  verificationFps,
} from './verify/sampling.js';
export {
  seedWindowVisibility,
  VISIBILITY_SEED_REACH_MS,
  type WindowFrame,
} from './verify/seed-window-visibility.js';
export {
  CONTACT_SHEET_FRAME_HEIGHT,
  type ContactSheetFailure,
  type VerificationTiming,
  type VerifyVideoOptions,
  type VideoVerification,
  verifyVideo,
} from './verify/verify-video.js';
export { childBrowserPids } from './worker/browser-processes.js';
export { type MediaSource, parseMediaSource } from './worker/media-source.js';
export {
  type RankChange,
  type RankedRecording,
  type RescoreProgress,
  rankChanges,
  rankingOf,
  requestChallengeRescore,
  rescoreProgress,
} from './worker/rescore.js';
export { VerificationError, type VerificationErrorCode } from './worker/verification-error.js';
export {
  estimateFinish,
  RATE_SAMPLE_SIZE,
  STALLED_AFTER_SECONDS,
  type VerificationProgress,
  verificationProgress,
} from './worker/verification-progress.js';
export { VERIFICATION_QUEUE, type VerificationJobData } from './worker/verification-queue.js';
export { recordVerification, type VerificationDetails } from './worker/verification-store.js';
export {
  startVerificationWorkerThread,
  type VerificationThreadOptions,
} from './worker/verification-thread.js';
export {
  analyserChoiceFor,
  ORPHAN_CHECK_INTERVAL_MS,
  startVerificationWorker,
  type VerificationWorker,
  type VerificationWorkerOptions,
} from './worker/verification-worker.js';
