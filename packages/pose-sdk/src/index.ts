export * from './core/constants.js';
export { classifyCycle } from './core/definition/classify-cycle.js';
export {
  DefinitionAnalyzer,
  type DefinitionAnalyzerOptions,
  type DefinitionEvent,
} from './core/definition/definition-analyzer.js';
export * from './core/errors.js';
export * from './core/events.js';
export { alignmentScoreFromHipAngle } from './core/geometry/alignment-score.js';
export { angleAtVertex } from './core/geometry/angle-at-vertex.js';
export { RollingMean } from './core/geometry/rolling-mean.js';
export { type BodySide, chooseSide } from './core/geometry/side-choice.js';
export { TimeSmoother } from './core/geometry/smoothing.js';
export { countVisibleLandmarks, isLandmarkVisible } from './core/geometry/visibility.js';
export { judgePushupRep, type PushupCycleStats } from './core/pushup/judge-pushup-rep.js';
export {
  PushupAnalyzer,
  type PushupAnalyzerOptions,
  type PushupEvent,
} from './core/pushup/pushup-analyzer.js';
export * from './core/trace/trace-format.js';
export * from './core/trace/trace-reader.js';
export * from './core/trace/trace-writer.js';
export * from './core/types.js';
