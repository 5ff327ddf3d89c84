/// <reference lib="dom" />
import type { PoseDetection, PoseDetector } from './pose-detector.js';

export interface TrackVideoOptions {
  /** Stops tracking when aborted. */
  readonly signal?: AbortSignal;
  /** Called when detect() throws; tracking stops after it. Without it the error is rethrown async. */
  readonly onError?: (error: unknown) => void;
}

/**
 * Runs the detector on every new frame a `<video>` presents (file playback or a camera stream),
 * using requestVideoFrameCallback so each decoded frame is analysed once, stamped with its media
 * time (ms). Returns a function that stops tracking.
 */
export function trackVideoElement(
  video: HTMLVideoElement,
  detector: PoseDetector,
  onDetection: (detection: PoseDetection) => void,
  options: TrackVideoOptions = {},
): () => void {
  let stopped = false;
  let handle = 0;
  const stop = () => {
    stopped = true;
    video.cancelVideoFrameCallback(handle);
  };
  const onFrame: VideoFrameRequestCallback = (_now, metadata) => {
    if (stopped) return;
    try {
      // mediaTime is in seconds; camera streams report a growing capture-relative time.
      onDetection(detector.detect(video, metadata.mediaTime * 1000));
    } catch (error) {
      stop();
      if (options.onError) options.onError(error);
      else
        queueMicrotask(() => {
          throw error;
        });
      return;
    }
    handle = video.requestVideoFrameCallback(onFrame);
  };
  handle = video.requestVideoFrameCallback(onFrame);
  options.signal?.addEventListener('abort', stop, { once: true });
  return stop;
}

/**
 * Opens the user's camera into a `<video>` element and waits until it shows frames. The caller
 * stops the returned stream's tracks when done.
 */
export async function openCamera(
  video: HTMLVideoElement,
  constraints: MediaTrackConstraints = { facingMode: 'user' },
): Promise<MediaStream> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: constraints, audio: false });
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play();
  return stream;
}

/**
 * Steps a `<video>` through the given media times (ms) and detects each frame, without real-time
 * playback, so no frame is skipped. Used to analyse a file frame by frame in a page.
 */
export async function detectVideoFrames(
  video: HTMLVideoElement,
  detector: PoseDetector,
  timestampsMs: readonly number[],
  onDetection: (detection: PoseDetection) => void,
  signal?: AbortSignal,
): Promise<void> {
  for (const timestampMs of timestampsMs) {
    signal?.throwIfAborted();
    await seekTo(video, timestampMs / 1000);
    onDetection(detector.detect(video, timestampMs));
  }
}

/** Seek target offset (s) past a frame's start time; far below any frame duration. */
const SEEK_BIAS_S = 0.0001;

function seekTo(video: HTMLVideoElement, seconds: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = () => {
      cleanup();
      reject(
        new Error(`video could not seek to ${seconds} s: ${video.error?.message ?? 'unknown'}`),
      );
    };
    // requestVideoFrameCallback fires once the seeked frame is really presented, unlike 'seeked'.
    const handle = video.requestVideoFrameCallback(() => {
      cleanup();
      resolve();
    });
    const cleanup = () => {
      video.cancelVideoFrameCallback(handle);
      video.removeEventListener('error', onError);
    };
    video.addEventListener('error', onError, { once: true });
    // A hair past the frame's start: seconds -> microseconds rounding must not land on the frame before.
    video.currentTime = seconds + SEEK_BIAS_S;
  });
}
