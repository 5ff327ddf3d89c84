/// <reference lib="dom" />
/**
 * The one MP4 decode-and-detect loop of the browser host: the web app's video analysis and the
 * CLI's headless inference page both run it, so a file gives the same frames, times and landmarks
 * in both. Each presented frame of the track is decoded with WebCodecs (decodeMp4Frames), made into
 * exactly the image the CLI analyses (analysedFrame: turned as displayed, colours as a <video>
 * converts them) and handed to the detector with the time ffmpeg gives it.
 */
import { FrameSampler } from '../../core/sampling/frame-sampler.js';
import { type FrameWindow, type WindowFrame, windowFramesOf } from '../../media/frame-windows.js';
import { type Mp4VideoTrack, presentedFrames } from '../../media/mp4-frame-table.js';
import type { PoseDetection, PoseDetector } from '../pose-detector.js';
import { analysedFrame } from './analysed-frame.js';
import { decodeMp4Frames } from './mp4-frame-decoder.js';

/** Where one frame's time went, for benchmarks and progress (wall-clock ms of this page). */
export interface Mp4DetectionTiming {
  /** ms from the end of the previous frame's handling until this frame was decoded */
  readonly waitMs: number;
  /** ms turning the decoded frame into the analysed image (rotation, colour tags; often 0) */
  readonly prepareMs: number;
  /** ms in `PoseDetector.detect` (and the tracking reset before it, if any) */
  readonly detectMs: number;
  /** With `windows`: the frame only warmed tracking up before a window (a caller drops it). */
  readonly warmUp: boolean;
  /**
   * Tracking, and the visibility smoothing with it, started afresh at this frame (a window's
   * first frame, warm-up included, or the job's first): what came before does not carry on.
   */
  readonly trackingStart: boolean;
}

export interface DetectMp4FramesOptions {
  /**
   * Keep at most this many frames per second (one per 1/fps slot, as `FrameSampler`) and always
   * the last frame, as `reptemple --fps` and `sampleFrames` do. Default: every frame.
   */
  readonly fps?: number;
  /** Stops before the next frame, without an error; the frames detected so far stay reported. */
  readonly signal?: AbortSignal;
  /**
   * Detect only the frames inside these windows (ms), every one of them, each stretch tracked
   * afresh after `warmUpFrames` warm-up frames (see WindowFrameSelector); only the stretches'
   * samples are decoded. Not with `fps`.
   */
  readonly windows?: readonly FrameWindow[];
  readonly warmUpFrames?: number;
}

/**
 * Detects the pose in every presented frame of an H.264 MP4 track, in presentation order, and
 * awaits `onDetection` for each before decoding on (a host may yield to its page there). The
 * detection's `timestampMs` is the frame's time as ffmpeg reports it (ms). Resolves the number of
 * frames detected. Check the track first with `canDecode(track)`; decoding failures throw
 * `FrameDecoderError`.
 */
export async function detectMp4Frames(
  bytes: Uint8Array,
  track: Mp4VideoTrack,
  detector: PoseDetector,
  onDetection: (detection: PoseDetection, timing: Mp4DetectionTiming) => void | Promise<void>,
  options: DetectMp4FramesOptions = {},
): Promise<number> {
  const { signal } = options;
  if (options.windows !== undefined) {
    return detectMp4Windows(bytes, track, detector, onDetection, options.windows, options);
  }
  const sampler = options.fps === undefined ? undefined : new FrameSampler(options.fps);
  /** The latest frame the sampler dropped: detected at the end if it was the last one. */
  let held: { frame: VideoFrame; timestampMs: number } | undefined;
  const frames = frameDetector(track, detector, onDetection);
  try {
    await decodeMp4Frames(
      bytes,
      track,
      async (frame, timestampMs) => {
        if (signal?.aborted) return;
        held?.frame.close();
        held = undefined;
        if (sampler === undefined || sampler.keep(timestampMs)) {
          await frames.detect(frame, timestampMs);
        }
        // decodeMp4Frames closes `frame` when this returns: keep a reference of our own.
        else held = { frame: frame.clone(), timestampMs };
      },
      signal,
    );
    if (held && !signal?.aborted) await frames.detect(held.frame, held.timestampMs);
  } finally {
    held?.frame.close();
  }
  return frames.detected;
}

/**
 * Detects decoded frames one at a time and reports each with where its time went; `restart`
 * restarts tracking first (not before the first frame: a new video's detector is fresh already).
 */
function frameDetector(
  track: Mp4VideoTrack,
  detector: PoseDetector,
  onDetection: (detection: PoseDetection, timing: Mp4DetectionTiming) => void | Promise<void>,
) {
  let detected = 0;
  let waitStart = performance.now();
  return {
    get detected() {
      return detected;
    },
    async detect(frame: VideoFrame, timestampMs: number, warmUp = false, restart = false) {
      const prepareStart = performance.now();
      const image = await analysedFrame(frame, track);
      const detectStart = performance.now();
      let detection: PoseDetection;
      try {
        if (restart && detected > 0) await detector.restartTracking();
        detection = detector.detect(image, timestampMs);
      } finally {
        if (image !== frame) image.close();
      }
      const detectEnd = performance.now();
      detected++;
      await onDetection(detection, {
        waitMs: prepareStart - waitStart,
        prepareMs: detectStart - prepareStart,
        detectMs: detectEnd - detectStart,
        warmUp,
        // The job's first frame starts tracking as a restart does.
        trackingStart: restart || detected === 1,
      });
      waitStart = performance.now();
    },
  };
}

/** detectMp4Frames over windows: the frames WindowFrameSelector picks, decoded stretch by stretch. */
async function detectMp4Windows(
  bytes: Uint8Array,
  track: Mp4VideoTrack,
  detector: PoseDetector,
  onDetection: (detection: PoseDetection, timing: Mp4DetectionTiming) => void | Promise<void>,
  windows: readonly FrameWindow[],
  options: DetectMp4FramesOptions,
): Promise<number> {
  const times = presentedFrames(track).map((frame) => frame.timestampMs);
  const chosen: WindowFrame<number>[] = windowFramesOf(times, windows, options.warmUpFrames ?? 0);
  let next = 0;
  const frames = frameDetector(track, detector, onDetection);
  await decodeMp4Frames(
    bytes,
    track,
    async (frame, timestampMs) => {
      if (options.signal?.aborted) return;
      const { role, reset } = chosen[next++]!;
      // Each stretch is tracked afresh.
      await frames.detect(frame, timestampMs, role === 'warmUp', reset);
    },
    options.signal,
    chosen.map(({ frame }) => frame),
  );
  return frames.detected;
}
