/**
 * Browser host adapter: runs MediaPipe BlazePose (tasks-vision) on `<video>` elements, camera
 * streams and raw image data and yields the core's `PoseFrame`s. All files (wasm runtime, model)
 * come from URLs the caller passes, i.e. from the app's own origin.
 */

export { avcColourTags, type ColourTags } from '../media/avc-colour.js';
export * from '../media/model-settings.js';
export {
  Mp4FormatError,
  type Mp4FormatErrorCode,
  type Mp4Rotation,
  type Mp4Sample,
  type Mp4VideoTrack,
  presentedFrames,
  readMp4VideoTrack,
} from '../media/mp4-frame-table.js';
export { type I420Image, i420Size, rotateI420 } from '../media/rotate-i420.js';
export { FrameClock, type FrameTimeSource } from './camera/frame-clock.js';
export {
  type LiveCameraLoop,
  type LiveCameraLoopOptions,
  startLiveCameraLoop,
} from './camera/live-camera-loop.js';
export {
  LIVE_STATS_WINDOW_MS,
  type LiveLoopMode,
  LiveLoopModeCounter,
  type LiveLoopModeTotals,
  type LiveLoopStats,
  LiveLoopStatsWindow,
  modeDetectMs,
  modeFps,
} from './camera/live-loop-stats.js';
export { analysedFrame } from './mp4/analysed-frame.js';
export { UNTAGGED_MATRIX, videoColorSpace } from './mp4/colour-space.js';
export {
  type DetectMp4FramesOptions,
  detectMp4Frames,
  type Mp4DetectionTiming,
} from './mp4/detect-mp4-frames.js';
export {
  canDecode,
  decodeMp4Frames,
  decoderConfig,
  FrameDecoderError,
  type FrameDecoderErrorCode,
} from './mp4/mp4-frame-decoder.js';
export {
  createPoseDetector,
  imageSize,
  type PoseDetection,
  type PoseDetector,
  PoseDetectorError,
  type PoseDetectorErrorCode,
  type PoseDetectorOptions,
  type PoseImageSource,
} from './pose-detector.js';
export {
  detectVideoFrames,
  openCamera,
  type TrackVideoOptions,
  trackVideoElement,
} from './video-source.js';
