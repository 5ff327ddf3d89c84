/// <reference lib="dom" />
import {
  FilesetResolver,
  PoseLandmarker,
  type PoseLandmarkerResult,
} from '@mediapipe/tasks-vision';
import { RepTempleError } from '../core/errors.js';
import type { FrameSize, Landmark, PoseFrame } from '../core/types.js';
import {
  BLANK_FRAME_SIZE_PX,
  DEFAULT_DELEGATE,
  DEFAULT_POSE_MODEL,
  MAX_POSES,
  MIN_POSE_DETECTION_CONFIDENCE,
  MIN_POSE_PRESENCE_CONFIDENCE,
  MIN_TIMESTAMP_STEP_MS,
  MIN_TRACKING_CONFIDENCE,
  modelFileName,
  OUTPUT_SEGMENTATION_MASKS,
  type PoseModelVariant,
  RESET_GAP_MS,
} from '../media/model-settings.js';
import { VisibilityRestart } from '../media/visibility-restart.js';

/** Where the landmarker's files come from. Everything is served by the app itself: no CDN. */
export interface PoseDetectorOptions {
  /** URL of the folder serving tasks-vision's `wasm/` files (e.g. `/mediapipe/wasm`). */
  readonly wasmBaseUrl: string;
  /** Model variant; selects `pose_landmarker_<variant>.task` under `modelBaseUrl`. Default full. */
  readonly model?: PoseModelVariant;
  /** URL of the folder serving the `.task` model bundles. Ignored when a model URL or buffer is given. */
  readonly modelBaseUrl?: string;
  /** Exact URL of the model bundle; overrides `modelBaseUrl`. */
  readonly modelAssetUrl?: string;
  /** The model bundle's bytes, when the caller already holds them (saves a fetch per detector). */
  readonly modelAssetBuffer?: Uint8Array;
  /** 'CPU' (default) or 'GPU'. */
  readonly delegate?: 'CPU' | 'GPU';
}

/** One frame's result: the core's `PoseFrame` plus what hosts need around it. */
export interface PoseDetection extends PoseFrame {
  /** BlazePose world landmarks (metres, origin between the hips), or empty when no person. */
  readonly worldLandmarks: readonly Landmark[];
  /** Pixel size of the image the landmarks are normalised to; needed for aspect-correct angles. */
  readonly frameSize: FrameSize;
}

/** Anything tasks-vision accepts as a video frame: `<video>`, ImageData, ImageBitmap, canvas, VideoFrame. */
export type PoseImageSource = TexImageSource;

export interface PoseDetector {
  readonly model: PoseModelVariant;
  /**
   * Detects the pose in one frame. `timestampMs` is the frame's media time (ms); it is reported back
   * unchanged. When it does not increase (seek back, loop) the detector keeps the internal graph
   * time increasing, as tasks-vision requires, and the result is still correct.
   */
  detect(image: PoseImageSource, timestampMs: number): PoseDetection;
  /**
   * Forgets all tracking and smoothing state, so the next frame is treated like the first frame of
   * a new video: the landmarker's graph is rebuilt (~0.3 s), and the next frame gives what a new
   * detector would. Use between unrelated videos.
   */
  reset(): Promise<void>;
  /**
   * Drops the tracked person (~20 ms): the next frame runs the person detector afresh, and the
   * smoothing of landmark positions and visibility restarts (tasks-vision keeps its visibility
   * filter; the detector runs it again from this frame, VisibilityRestart), as on a new graph.
   * Only the world landmarks' smoothing carries on from the frames before for a few frames;
   * `reset()` is the clean slate. For stretches of one video analysed apart (a windowed
   * extraction), not between videos.
   */
  restartTracking(): Promise<void>;
  close(): void;
}

export type PoseDetectorErrorCode =
  | 'MODEL_NOT_SPECIFIED'
  | 'INVALID_TIMESTAMP'
  | 'EMPTY_IMAGE'
  | 'VIDEO_SEEK_FAILED';

/** Thrown for misuse the caller can fix (bad options, bad input) and for videos that will not play. */
export class PoseDetectorError extends RepTempleError {
  declare readonly code: PoseDetectorErrorCode;

  constructor(code: PoseDetectorErrorCode, message: string) {
    super(code, message);
    this.name = 'PoseDetectorError';
  }
}

/** The BlazePose options of the spec, shared by every host (see model-settings.ts). */
function landmarkerSettings() {
  return {
    runningMode: 'VIDEO' as const,
    numPoses: MAX_POSES,
    minPoseDetectionConfidence: MIN_POSE_DETECTION_CONFIDENCE,
    minPosePresenceConfidence: MIN_POSE_PRESENCE_CONFIDENCE,
    minTrackingConfidence: MIN_TRACKING_CONFIDENCE,
    outputSegmentationMasks: OUTPUT_SEGMENTATION_MASKS,
  };
}

/** A small all-black frame; BlazePose finds no person in it. */
function blankImage(): ImageData {
  return new ImageData(BLANK_FRAME_SIZE_PX, BLANK_FRAME_SIZE_PX);
}

function joinUrl(base: string, file: string): string {
  return `${base.replace(/\/+$/, '')}/${file}`;
}

/** Pixel size of anything tasks-vision accepts, in the orientation the landmarks refer to. */
export function imageSize(image: PoseImageSource): FrameSize {
  if (typeof HTMLVideoElement !== 'undefined' && image instanceof HTMLVideoElement) {
    return { width: image.videoWidth, height: image.videoHeight };
  }
  if (typeof VideoFrame !== 'undefined' && image instanceof VideoFrame) {
    return { width: image.displayWidth, height: image.displayHeight };
  }
  if (typeof HTMLImageElement !== 'undefined' && image instanceof HTMLImageElement) {
    return { width: image.naturalWidth, height: image.naturalHeight };
  }
  const sized = image as { width: number; height: number };
  return { width: sized.width, height: sized.height };
}

function toLandmarks(
  points: readonly { x: number; y: number; z: number; visibility?: number }[] | undefined,
): Landmark[] {
  if (!points) return [];
  // tasks-vision leaves visibility undefined in some builds; 0 keeps the core's type total.
  return points.map((p) => ({ x: p.x, y: p.y, z: p.z, visibility: p.visibility ?? 0 }));
}

function toDetection(
  result: PoseLandmarkerResult,
  timestampMs: number,
  frameSize: FrameSize,
  visibility: VisibilityRestart,
): PoseDetection {
  const landmarks = toLandmarks(result.landmarks[0]);
  const worldLandmarks = toLandmarks(result.worldLandmarks[0]);
  if (landmarks.length === 0) return { timestampMs, landmarks, worldLandmarks, frameSize };
  // Both sets carry the same smoothed visibility; after restartTracking it restarts too.
  const corrected = visibility.correct(landmarks.map((landmark) => landmark.visibility));
  const withVisibility = (points: Landmark[]) =>
    points.map((point, i) =>
      point.visibility === corrected[i] ? point : { ...point, visibility: corrected[i]! },
    );
  return {
    timestampMs,
    landmarks: withVisibility(landmarks),
    worldLandmarks: withVisibility(worldLandmarks),
    frameSize,
  };
}

/**
 * Creates a BlazePose landmarker in VIDEO mode (temporal tracking and landmark smoothing on) with
 * the spec's settings. Loads the wasm runtime and the model from the given URLs only.
 */
export async function createPoseDetector(options: PoseDetectorOptions): Promise<PoseDetector> {
  const model = options.model ?? DEFAULT_POSE_MODEL;
  const delegate = options.delegate ?? DEFAULT_DELEGATE;
  const fileset = await FilesetResolver.forVisionTasks(options.wasmBaseUrl.replace(/\/+$/, ''));
  const settings = landmarkerSettings();
  let modelBaseOptions: { modelAssetBuffer: Uint8Array } | { modelAssetPath: string };
  if (options.modelAssetBuffer) {
    modelBaseOptions = { modelAssetBuffer: options.modelAssetBuffer };
  } else if (options.modelAssetUrl) {
    modelBaseOptions = { modelAssetPath: options.modelAssetUrl };
  } else if (options.modelBaseUrl) {
    modelBaseOptions = { modelAssetPath: joinUrl(options.modelBaseUrl, modelFileName(model)) };
  } else {
    throw new PoseDetectorError(
      'MODEL_NOT_SPECIFIED',
      'createPoseDetector needs the model: expected one of modelAssetBuffer, modelAssetUrl or ' +
        'modelBaseUrl, received none. Serve pose_landmarker_<variant>.task from your own origin ' +
        'and pass its folder as modelBaseUrl.',
    );
  }
  const landmarker = await PoseLandmarker.createFromOptions(fileset, {
    ...settings,
    baseOptions: { delegate, ...modelBaseOptions },
  });

  /** Restarts the visibility smoothing with the tracking (tasks-vision's own does not). */
  let visibility = new VisibilityRestart();
  // Media time of the previous frame and the offset that keeps graph time increasing (ms).
  let previousMediaMs = Number.NEGATIVE_INFINITY;
  let previousGraphMs = Number.NEGATIVE_INFINITY;
  let graphOffsetMs = 0;

  /**
   * After a reset the next frame's media time restarts (usually at 0), but tasks-vision's graph
   * clock must still move forward: the next frame is placed just after the previous graph time.
   */
  const restartMediaClock = () => {
    previousMediaMs = Number.POSITIVE_INFINITY;
  };

  return {
    model,
    detect(image, timestampMs) {
      if (!Number.isFinite(timestampMs)) {
        throw new PoseDetectorError(
          'INVALID_TIMESTAMP',
          `detect() expected a finite media time in ms, received ${timestampMs}.`,
        );
      }
      const frameSize = imageSize(image);
      if (frameSize.width === 0 || frameSize.height === 0) {
        throw new PoseDetectorError(
          'EMPTY_IMAGE',
          `detect() expected an image with pixels, received ${frameSize.width}x${frameSize.height}` +
            ' (a <video> before its first frame has loaded?). Wait for loadeddata.',
        );
      }
      if (timestampMs <= previousMediaMs && Number.isFinite(previousGraphMs)) {
        // Media time went back: shift the graph clock so it still moves forward.
        graphOffsetMs = previousGraphMs + MIN_TIMESTAMP_STEP_MS - timestampMs;
      }
      const graphMs = timestampMs + graphOffsetMs;
      const result = landmarker.detectForVideo(image, graphMs);
      previousMediaMs = timestampMs;
      previousGraphMs = graphMs;
      return toDetection(result, timestampMs, frameSize, visibility);
    },
    async reset() {
      // A new graph: an empty frame (restartTracking) resets the landmark positions, but
      // tasks-vision's smoothing of visibility (a low-pass filter per landmark, 0.9 of the
      // previous value kept each frame) and of world landmarks carries on, so a video's first
      // frames took up to 0.86 of visibility from the video before (fixture 06 after another clip
      // in one CLI worker). setOptions rebuilds the graph with the model already in memory.
      await landmarker.setOptions(settings);
      visibility = new VisibilityRestart();
      restartMediaClock();
    },
    async restartTracking() {
      if (Number.isFinite(previousGraphMs)) {
        // An empty frame makes the graph lose the person: the next frame runs the person detector
        // afresh and the landmark positions' smoothing restarts, at a fraction of the cost of a
        // new graph.
        previousGraphMs += RESET_GAP_MS;
        landmarker.detectForVideo(blankImage(), previousGraphMs);
      }
      visibility.restart();
      restartMediaClock();
    },
    close() {
      landmarker.close();
    },
  };
}
