/// <reference lib="dom" />
/**
 * The live camera loop: pose detection on a camera stream that never falls behind the camera.
 * The NEWEST frame is analysed each time; frames that arrived while inference ran are skipped,
 * never queued, so the landmarks always describe the present. Frames are timed by their own
 * timestamps (see FrameClock), never by when the analysis happened to run, so the analysers count
 * right at whatever rate the loop reaches. A MediaRecorder on the same stream records every frame
 * regardless: it reads the stream, not this loop.
 *
 * Where the browser has MediaStreamTrackProcessor (Chromium), frames are read from the camera
 * track through a one-frame buffer, so the next detection starts on the newest frame as soon as
 * the previous one ends. Elsewhere, requestVideoFrameCallback on the `<video>` gives the newest
 * presented frame (after inference, the loop then waits for the next presentation).
 *
 * The loop can be switched to 'inference-only' and back at any time (setMode): it then only
 * detects, as a bare benchmark loop would, and keeps each mode's rate in camera time, so the
 * caller's own per-frame cost is measured against inference alone in the same page and run.
 */
import type { PoseDetection, PoseDetector } from '../pose-detector.js';
import { FrameClock } from './frame-clock.js';
import {
  type LiveLoopMode,
  LiveLoopModeCounter,
  type LiveLoopModeTotals,
  type LiveLoopStats,
  LiveLoopStatsWindow,
} from './live-loop-stats.js';

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
  /** 'auto' (default): the track processor where there is one, else frame callbacks. */
  readonly source?: 'auto' | 'track-processor' | 'frame-callback';
  /** The mode to start in (default 'live'); see LiveLoopMode and setMode(). */
  readonly mode?: LiveLoopMode;
}

export interface LiveCameraLoop {
  stop(): void;
  /** Throughput so far. */
  readonly stats: LiveLoopStats;
  /** How frames are taken: from the camera track, or from the video's frame callbacks. */
  readonly source: 'track-processor' | 'frame-callback';
  readonly mode: LiveLoopMode;
  /**
   * 'inference-only' stops handing frames to onDetection (and yielding to the page between
   * detections): the loop only detects the newest frame, on the same camera and detector, until
   * switched back to 'live'. Both modes' rates are kept in `modeTotals`, so alternating segments
   * of the two measure what the caller's per-frame work costs.
   */
  setMode(mode: LiveLoopMode): void;
  /** Frames, detect time and camera time per mode since the start. */
  readonly modeTotals: Readonly<Record<LiveLoopMode, LiveLoopModeTotals>>;
}

/** Chromium's MediaStreamTrackProcessor (not in TypeScript's DOM types yet). */
interface TrackProcessor {
  readonly readable: ReadableStream<VideoFrame>;
}
type TrackProcessorConstructor = new (init: {
  track: MediaStreamTrack;
  maxBufferSize?: number;
}) => TrackProcessor;

function trackProcessorConstructor(): TrackProcessorConstructor | undefined {
  return (globalThis as { MediaStreamTrackProcessor?: TrackProcessorConstructor })
    .MediaStreamTrackProcessor;
}

/** Lets the page render and handle input between two detections. */
function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

export function startLiveCameraLoop(options: LiveCameraLoopOptions): LiveCameraLoop {
  const stream = options.video.srcObject;
  const track =
    typeof MediaStream !== 'undefined' && stream instanceof MediaStream
      ? stream.getVideoTracks()[0]
      : undefined;
  const Processor = trackProcessorConstructor();
  const wanted = options.source ?? 'auto';
  if (track && Processor && wanted !== 'frame-callback')
    return startTrackLoop(options, track, Processor);
  return startFrameCallbackLoop(options);
}

function fail(options: LiveCameraLoopOptions, error: unknown): void {
  if (options.onError) options.onError(error);
  else
    queueMicrotask(() => {
      throw error;
    });
}

function startTrackLoop(
  options: LiveCameraLoopOptions,
  track: MediaStreamTrack,
  Processor: TrackProcessorConstructor,
): LiveCameraLoop {
  const now = options.now ?? (() => performance.now());
  const clock = new FrameClock();
  const stats = new LiveLoopStatsWindow(options.statsWindowMs);
  const modes = new LiveLoopModeCounter();
  let mode = options.mode ?? 'live';
  // A buffer of one: a frame that arrives while inference runs replaces the one waiting.
  const reader = new Processor({ track, maxBufferSize: 1 }).readable.getReader();
  const nominalFps = track.getSettings().frameRate;
  // The camera's frames since the start, estimated from the gaps between the frames read. frames
  let cameraFrames = 0;
  let previousMs: number | undefined;
  let stopped = false;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    void reader.cancel().catch(() => undefined);
  };

  const loop = async () => {
    while (!stopped) {
      const { value: frame, done } = await reader.read();
      if (done || !frame) break;
      try {
        if (stopped) break;
        // A camera frame's timestamp is its capture time: µs -> ms.
        const timestampMs = clock.frameTimeMs({
          captureTime: frame.timestamp / 1000,
          mediaTime: 0,
          presentationTime: 0,
          presentedFrames: 0,
        });
        if (timestampMs !== null) {
          const gapMs = previousMs === undefined ? 0 : timestampMs - previousMs;
          cameraFrames +=
            nominalFps && gapMs > 0 ? Math.max(1, Math.round((gapMs * nominalFps) / 1000)) : 1;
          previousMs = timestampMs;
          const started = now();
          const detection = options.detector.detect(frame, timestampMs);
          const detectMs = now() - started;
          stats.add(timestampMs, detectMs, cameraFrames);
          modes.add(mode, timestampMs, detectMs);
          if (mode === 'live') options.onDetection(detection, stats.stats);
        }
      } catch (error) {
        stop();
        fail(options, error);
      } finally {
        frame.close();
      }
      // Inference only: straight to the next frame (reading it waits for the camera anyway).
      if (mode === 'live') await yieldToPage();
    }
  };
  void loop();
  options.signal?.addEventListener('abort', stop, { once: true });
  return {
    stop,
    source: 'track-processor',
    get stats() {
      return stats.stats;
    },
    get mode() {
      return mode;
    },
    setMode(next) {
      mode = next;
    },
    get modeTotals() {
      return modes.byMode;
    },
  };
}

function startFrameCallbackLoop(options: LiveCameraLoopOptions): LiveCameraLoop {
  const { video, detector } = options;
  const now = options.now ?? (() => performance.now());
  const clock = new FrameClock();
  const stats = new LiveLoopStatsWindow(options.statsWindowMs);
  const modes = new LiveLoopModeCounter();
  let mode = options.mode ?? 'live';
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
        const detectMs = now() - started;
        stats.add(timestampMs, detectMs, metadata.presentedFrames);
        modes.add(mode, timestampMs, detectMs);
        if (mode === 'live') options.onDetection(detection, stats.stats);
      }
    } catch (error) {
      stop();
      fail(options, error);
      return;
    }
    if (!stopped) handle = video.requestVideoFrameCallback(onFrame);
  };

  handle = video.requestVideoFrameCallback(onFrame);
  options.signal?.addEventListener('abort', stop, { once: true });
  return {
    stop,
    source: 'frame-callback',
    get stats() {
      return stats.stats;
    },
    get mode() {
      return mode;
    },
    setMode(next) {
      mode = next;
    },
    get modeTotals() {
      return modes.byMode;
    },
  };
}
