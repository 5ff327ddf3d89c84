/**
 * @reptemple/pose-sdk: BlazePose landmark frames in, phases and reps out. This entry point is the
 * pure core: no DOM, no Node, no clock. Hosts: `@reptemple/pose-sdk/browser` (tasks-vision on
 * video elements and cameras) and `@reptemple/pose-sdk/node` (video files, headless).
 */

export {
  DEFINITION_ANALYZER_CONSTANTS,
  type DefinitionAnalyzerConfig,
  PUSHUP_ANALYZER_DEFAULTS,
  type PushupAnalyzerConfig,
} from './core/constants.js';
export { classifyCycle } from './core/definition/classify-cycle.js';
export {
  type DefinitionAnalysisState,
  DefinitionAnalyzer,
  type DefinitionAnalyzerOptions,
  type DefinitionEvent,
} from './core/definition/definition-analyzer.js';
export {
  type AlignmentFailureCount,
  type DefinitionRepMeasurements,
  judgeAlignmentFailures,
  judgeDefinitionRep,
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
  PushupPhase,
  PushupRepRecord,
  RepAnalyzer,
  RepRecord,
  TimelineEntry,
  TimelinePhase,
} from './core/events.js';
export { alignmentScoreFromHipAngle } from './core/geometry/alignment-score.js';
// Geometry
export { angleAtVertex } from './core/geometry/angle-at-vertex.js';
export { TimeSmoother } from './core/geometry/smoothing.js';
export { TimeMedian } from './core/geometry/time-median.js';
export { torsoTiltFromUpright } from './core/geometry/torso-tilt.js';
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
// The rules as pure functions
export { judgePushupRep, type PushupCycleStats } from './core/pushup/judge-pushup-rep.js';
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
  type TraceHeader,
  traceHeaderSchema,
} from './core/trace/trace-format.js';
export { parseTrace, readTrace, type Trace, TraceLineParser } from './core/trace/trace-reader.js';
export { formatTrace, TraceWriter } from './core/trace/trace-writer.js';
// Frames
export { type FrameSize, LANDMARK_COUNT, type Landmark, type PoseFrame } from './core/types.js';
