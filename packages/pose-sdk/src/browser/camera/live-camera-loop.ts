/// <reference lib="dom" />
/**
 * The live camera loop: pose detection on a camera `<video>` that never falls behind the camera.
 * Each time the video presents a frame (requestVideoFrameCallback), the NEWEST frame is analysed;
 * frames that arrived while inference ran are skipped, never queued, so the landmarks always
 * describe the present. Frames are timed by their own timestamps (see FrameClock), never by when
 * the analysis happened to run, so the analysers count right at whatever rate the loop reaches.
 * A MediaRecorder on the same stream records every frame regardless: it reads the stream, not
 * this loop.
 */
import type { PoseDetection, PoseDetector } from '../pose-detector.js';
import { FrameClock } from './frame-clock.js';
import { type LiveLoopStats, LiveLoopStatsWindow } from './live-loop-stats.js';

export interface LiveCameraLoopOptions {
  /** A `<video>` playing the camera's MediaStream. */
  readonly video: HTMLVideoElement;
  readonly detector: PoseDetector;
  /** Called with every analysed frame (timestamps in ms from the loop's first frame). */
  readonly onDetection: (detection: PoseDetection, stats: LiveLoopStats) => void;
  /** Called when detect() or onDetection throws; the loop stops. Without it the error is rethrown. */
  readonly onError?: (error: unknown) => void;
  /** Stops the loop when aborted. */
  readonly signal?: AbortSignal;
  /** Frame time the stats cover. ms */
  readonly statsWindowMs?: number;
  /** The clock that times inference (ms). Default performance.now. */
  readonly now?: () => number;
}

export interface LiveCameraLoop {
  stop(): void;
  /** Throughput so far. */
  readonly stats: LiveLoopStats;
}

export function startLiveCameraLoop(options: LiveCameraLoopOptions): LiveCameraLoop {
  const { video, detector } = options;
  const now = options.now ?? (() => performance.now());
  const clock = new FrameClock();
  const stats = new LiveLoopStatsWindow(options.statsWindowMs);
  let stopped = false;
  let handle = 0;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    video.cancelVideoFrameCallback(handle);
  };

  const onFrame: VideoFrameRequestCallback = (_callbackNow, metadata) => {
    if (stopped) return;
    try {
      const timestampMs = clock.frameTimeMs(metadata);
      if (timestampMs !== null && video.videoWidth > 0) {
        const started = now();
        // The element shows the newest frame now; whatever came between is skipped.
        const detection = detector.detect(video, timestampMs);
        stats.add(timestampMs, now() - started, metadata.presentedFrames);
        options.onDetection(detection, stats.stats);
      }
    } catch (error) {
      stop();
      if (options.onError) options.onError(error);
      else
        queueMicrotask(() => {
          throw error;
        });
      return;
    }
    if (!stopped) handle = video.requestVideoFrameCallback(onFrame);
  };

  handle = video.requestVideoFrameCallback(onFrame);
  options.signal?.addEventListener('abort', stop, { once: true });
  return {
    stop,
    get stats() {
      return stats.stats;
    },
  };
}
