/// <reference lib="dom" />
import { SEEK_BIAS_S, SEEK_TIMEOUT_MS } from '../media/model-settings.js';
import { type PoseDetection, type PoseDetector, PoseDetectorError } from './pose-detector.js';

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
  // Live camera frames carry no file time: their time is the presentation clock, from the first frame.
  let firstPresentationMs: number | undefined;
  const stop = () => {
    stopped = true;
    video.cancelVideoFrameCallback(handle);
  };
  const onFrame: VideoFrameRequestCallback = (_now, metadata) => {
    if (stopped) return;
    try {
      let timestampMs = metadata.mediaTime * 1000; // s -> ms, time within the file
      if (typeof MediaStream !== 'undefined' && video.srcObject instanceof MediaStream) {
        firstPresentationMs ??= metadata.presentationTime;
        timestampMs = metadata.presentationTime - firstPresentationMs;
      }
      onDetection(detector.detect(video, timestampMs));
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

function seekTo(video: HTMLVideoElement, seconds: number): Promise<void> {
  const target = seconds + SEEK_BIAS_S;
  // Already there: no new frame will be presented, so no frame callback would come.
  if (Math.abs(video.currentTime - target) < 1e-9 && video.readyState >= 2)
    return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => {
      cleanup();
      reject(
        new PoseDetectorError(
          'VIDEO_SEEK_FAILED',
          `Expected the video to present a frame at ${seconds} s within ${SEEK_TIMEOUT_MS} ms, got none. The file may be damaged or still loading; wait for loadeddata, or decode MP4s with decodeMp4Frames.`,
        ),
      );
    }, SEEK_TIMEOUT_MS);
    const onError = () => {
      cleanup();
      reject(
        new PoseDetectorError(
          'VIDEO_SEEK_FAILED',
          `Expected the video to seek to ${seconds} s, got a media error: ${video.error?.message || 'unknown'}. The browser cannot play this file; convert it to H.264 MP4.`,
        ),
      );
    };
    // requestVideoFrameCallback fires once the seeked frame is really presented, unlike 'seeked'.
    const handle = video.requestVideoFrameCallback(() => {
      cleanup();
      resolve();
    });
    const cleanup = () => {
      clearTimeout(timeout);
      video.cancelVideoFrameCallback(handle);
      video.removeEventListener('error', onError);
    };
    video.addEventListener('error', onError, { once: true });
    // A hair past the frame's start: seconds -> microseconds rounding must not land on the frame before.
    video.currentTime = target;
  });
}
