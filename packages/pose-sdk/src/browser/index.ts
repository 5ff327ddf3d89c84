/**
 * Browser host adapter: runs MediaPipe BlazePose (tasks-vision) on `<video>` elements, camera
 * streams and raw image data and yields the core's `PoseFrame`s. All files (wasm runtime, model)
 * come from URLs the caller passes, i.e. from the app's own origin.
 */
export * from './model-settings.js';
export {
  createPoseDetector,
  imageSize,
  type PoseDetection,
  type PoseDetector,
  PoseDetectorError,
  type PoseDetectorOptions,
  type PoseImageSource,
} from './pose-detector.js';
export {
  detectVideoFrames,
  openCamera,
  type TrackVideoOptions,
  trackVideoElement,
} from './video-source.js';
