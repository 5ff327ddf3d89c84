// Video analysis (spec 01 §2 "Video analysis screen", §4 "Video loading", §8, §9): every number,
// message and served path in one place. Units are in the names or the comments.

/** The tasks-vision release whose wasm runtime the app serves; the build checks the installed one. */
export const TASKS_VISION_VERSION = '0.10.35';

/**
 * Where the app serves tasks-vision's wasm files (never a CDN). Under /assets/ with the release in
 * the path, so the server's one-year immutable caching is correct: a new release is a new path.
 */
export const POSE_WASM_BASE_URL = `/assets/tasks-vision-${TASKS_VISION_VERSION}/wasm`;

/**
 * Where the app serves the BlazePose bundles of @reptemple/models. They are reproducible builds for
 * this tasks-vision release (fixed SHA-256 per release), so they share its versioned folder.
 */
export const POSE_MODEL_BASE_URL = `/assets/tasks-vision-${TASKS_VISION_VERSION}/models`;

/** Model variants the web app serves: lite (fast) and full (the spec's complexity 1). */
export const SERVED_POSE_MODELS = ['lite', 'full'] as const;
export type ServedPoseModel = (typeof SERVED_POSE_MODELS)[number];

/**
 * The model the analysis screen uses unless told otherwise: lite, the one that keeps up with
 * playback on a laptop CPU (docs/benchmarks.md); the CLI's `--model lite` gives the same counts.
 */
export const DEFAULT_ANALYSIS_MODEL: ServedPoseModel = 'lite';

/** Sample videos (spec 01 §7: static paths under /videos/pushups/). */
export const SAMPLE_VIDEO_BASE_URL = '/videos';
/** Folder of each exercise's samples below SAMPLE_VIDEO_BASE_URL. */
export const SAMPLE_VIDEO_FOLDERS = { pushup: 'pushups', squat: 'squats' } as const;
/** JSON list of the served samples, generated at build time from fixtures/videos/labels.json. */
export const SAMPLE_VIDEO_INDEX_URL = `${SAMPLE_VIDEO_BASE_URL}/index.json`;

/** Previous / next frame step (spec 01 §9). s */
export const FRAME_STEP_S = 1 / 30;
/** Delay before the infinite/zero duration workaround starts (spec 01 §9). ms */
export const DURATION_WORKAROUND_DELAY_MS = 500;
/** The duration workaround gives up after this long (spec 01 §9). ms */
export const DURATION_WORKAROUND_TIMEOUT_MS = 10_000;
/** Seek target that makes the browser find the real end of the file (spec 01 §9). s */
export const DURATION_WORKAROUND_SEEK_S = 999_999;
/** While one rep plays on its own, the playback time is checked this often (spec 01 §9). ms */
export const REP_PLAYBACK_CHECK_INTERVAL_MS = 100;
/** Landmarks below this visibility are not drawn (spec 01 §9). 0..1 */
export const DRAWING_VISIBILITY_THRESHOLD = 0.5;
/** The five colours angle arcs cycle through, one per angle in definition order (spec 01 §9). */
export const ANGLE_ARC_COLORS = ['#f59e0b', '#22d3ee', '#a855f7', '#22c55e', '#f43f5e'] as const;

/** Phase chip legend, in the spec's order (spec 01 §2). */
export const PHASE_LEGEND = ['Start', 'Transition', 'End', 'Invalid', 'STOP', 'READY'] as const;
export type PhaseLegendLabel = (typeof PHASE_LEGEND)[number];
/** Colour of each legend entry; the seek bar and the chips use the same ones. */
export const PHASE_COLORS: Readonly<Record<PhaseLegendLabel, string>> = {
  Start: '#22c55e',
  Transition: '#eab308',
  End: '#3b82f6',
  Invalid: '#ef4444',
  STOP: '#a855f7',
  READY: '#14b8a6',
};

/** Messages of spec 01 §5 and §8, matched exactly. */
export const ANALYSIS_MESSAGES = {
  notAVideo: 'File is not a video',
  processingDuration: 'Processing video duration...',
  loadingVideo: 'Loading video...',
  durationTimeout: 'Duration hack timeout.',
  modelNotReady: 'MediaPipe not initialized yet.',
  playInterrupted: 'Video play interrupted',
} as const;
