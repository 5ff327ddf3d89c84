/**
 * @reptemple/pose-sdk: BlazePose landmark frames in, phases and reps out. This entry point is the
 * pure core: no DOM, no Node, no clock. Hosts: `@reptemple/pose-sdk/browser` (tasks-vision on
 * video elements and cameras) and `@reptemple/pose-sdk/node` (video files, headless).
 */

// Calibration of the measurements (per model and view)
export {
  correctElbowAngle,
  rawElbowAngle,
  SPEC_STRAIGHT_ARM,
} from './core/calibration/correct-elbow-angle.js';
export {
  ARM_CHOICE_BY_VIEW,
  type ArmChoice,
  ELBOW_CALIBRATION_FLOOR,
  STRAIGHT_ARM_READING,
} from './core/calibration/elbow-calibration.js';
export {
  DEFINITION_ANALYZER_CONSTANTS,
  type DefinitionAnalyzerConfig,
  FORM_RULE_DEFAULTS,
  PUSHUP_ANALYZER_DEFAULTS,
  type PushupAnalyzerConfig,
} from './core/constants.js';
export { classifyCycle } from './core/definition/classify-cycle.js';
export {
  type DefinitionAnalysisState,
  DefinitionAnalyzer,
  type DefinitionAnalyzerOptions,
  type DefinitionEvent,
  SKIPPED_END_PHASE,
  SKIPPED_START_PHASE,
} from './core/definition/definition-analyzer.js';
export {
  type AlignmentFailureCount,
  type DefinitionRepEvidence,
  type DefinitionRepMeasurements,
  judgeAlignmentFailures,
  judgeDefinitionRep,
  judgeDefinitionRepWithEvidence,
} from './core/definition/judge-definition-rep.js';
// Errors
export {
  FrameError,
  isRepTempleError,
  OptionsError,
  RepTempleError,
  TraceError,
} from './core/errors.js';
export type {
  AnalysisState,
  AnalyzerEvent,
  DefinitionPhase,
  MeasurementKind,
  PushupPhase,
  PushupRepRecord,
  RepAnalyzer,
  RepEvidence,
  RepRecord,
  RuleCheck,
  TimelineEntry,
  TimelinePhase,
} from './core/events.js';
export { alignmentScoreFromHipAngle } from './core/geometry/alignment-score.js';
// Geometry
export { angleAtVertex } from './core/geometry/angle-at-vertex.js';
export { angleInSpace } from './core/geometry/angle-in-space.js';
export {
  CAMERA_VIEW_YAW,
  type CameraView,
  cameraViewFromYaw,
  shoulderLineYaw,
} from './core/geometry/camera-view.js';
export { hipDeviation } from './core/geometry/hip-deviation.js';
export { hipDeviationInSpace } from './core/geometry/hip-deviation-in-space.js';
export { TimeSmoother } from './core/geometry/smoothing.js';
export { TimeMedian } from './core/geometry/time-median.js';
export { torsoTiltFromUpright } from './core/geometry/torso-tilt.js';
export { upperArmElevation } from './core/geometry/upper-arm-elevation.js';
export { countVisibleLandmarks, isLandmarkVisible } from './core/geometry/visibility.js';
// The frame path every host uses: choose an analyser, run it over frames
export { analyseFrames, type FramesAnalysis } from './core/pipeline/analyse-frames.js';
export {
  type AnalyzerChoice,
  type AnalyzerFrameOptions,
  type AnalyzerPhase,
  type AnyRepAnalyzer,
  createAnalyzer,
  type DefinitionChoice,
  type PushupChoice,
} from './core/pipeline/create-analyzer.js';
export {
  DEFAULT_POSE_MODEL,
  POSE_MODEL_VARIANTS,
  type PoseModelVariant,
  poseModelVariantOf,
} from './core/pose-model.js';
// The rules as pure functions
export {
  type ArmsMeasured,
  HIPS_PIKED,
  HIPS_SAGGING,
  judgePushupRep,
  judgePushupRepWithEvidence,
  KNEES_DOWN,
  NOT_LOW_ENOUGH,
  PUSHUP_RULE_MEASUREMENT,
  type PushupCycleEvidence,
  type PushupCycleStats,
  type PushupJudgement,
  type PushupRule,
  WORM,
} from './core/pushup/judge-pushup-rep.js';
// Analysers, their events and records
export {
  PushupAnalyzer,
  type PushupAnalyzerOptions,
  type PushupEvent,
} from './core/pushup/pushup-analyzer.js';
// Frame-rate sampling, as `--fps` does it
export { FrameSampler, sampleFrames } from './core/sampling/frame-sampler.js';
// Landmark traces (NDJSON)
export {
  formatTraceFrame,
  formatTraceHeader,
  TRACE_FORMAT,
  TRACE_VERSION,
  TRACE_VERSIONS,
  type TraceHeader,
  traceHeaderSchema,
} from './core/trace/trace-format.js';
export { parseTrace, readTrace, type Trace, TraceLineParser } from './core/trace/trace-reader.js';
export { formatTrace, TraceWriter } from './core/trace/trace-writer.js';
// Frames
export {
  type FrameSize,
  LANDMARK_COUNT,
  type Landmark,
  type PoseFrame,
  type WorldLandmark,
} from './core/types.js';
