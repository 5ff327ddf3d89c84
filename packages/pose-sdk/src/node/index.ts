/**
 * Node host adapter: headless pose extraction from video files. ffmpeg decodes frames with their
 * real timestamps; headless Chromium runs the same pose-sdk/browser PoseLandmarker as the web app.
 */

export type { FrameWindow } from '../media/frame-windows.js';
export {
  type PoseModelVariant,
  VISIBILITY_SMOOTHING_ALPHA,
} from '../media/model-settings.js';
export {
  createPoseEngine,
  type ExtractedFrame,
  type ExtractionResult,
  type ExtractionTiming,
  type ExtractOptions,
  type ExtractProgress,
  type FrameStream,
  type PoseEngine,
  type PoseEngineOptions,
} from './engine.js';
export { DEFAULT_WARM_UP_FRAMES } from './engine-settings.js';
export { isPoseEngineError, PoseEngineError, type PoseEngineErrorCode } from './errors.js';
export { probeVideo, type VideoInfo } from './ffmpeg.js';
export { resolveModelPath } from './model-path.js';
