/**
 * The pose model for the web app: BlazePose from pose-sdk/browser with the wasm runtime and model
 * bundles served by the app's own origin (vite.config.ts copies them into the build).
 */
import { createPoseDetector, type PoseDetector } from '@reptemple/pose-sdk/browser';
import {
  DEFAULT_ANALYSIS_MODEL,
  POSE_MODEL_BASE_URL,
  POSE_WASM_BASE_URL,
  type ServedPoseModel,
} from './constants';

export {
  POSE_MODEL_BASE_URL,
  POSE_WASM_BASE_URL,
  SERVED_POSE_MODELS,
  type ServedPoseModel,
} from './constants';

/** URL of a model bundle served by the app. */
export function poseModelUrl(model: ServedPoseModel): string {
  return `${POSE_MODEL_BASE_URL}/pose_landmarker_${model}.task`;
}

export class PoseRuntimeError extends Error {
  constructor(
    readonly code: 'MODEL_DOWNLOAD_FAILED',
    message: string,
  ) {
    super(message);
    this.name = 'PoseRuntimeError';
  }
}

/** One download per model and page: later detectors start from the bytes in memory. */
const modelBytes = new Map<ServedPoseModel, Promise<Uint8Array>>();

async function downloadModel(model: ServedPoseModel): Promise<Uint8Array> {
  const url = poseModelUrl(model);
  const response = await fetch(url);
  if (!response.ok) {
    throw new PoseRuntimeError(
      'MODEL_DOWNLOAD_FAILED',
      `Expected the ${model} pose model at ${url}, received HTTP ${response.status}. ` +
        'Rebuild the web app (pnpm --filter @reptemple/web build) so it serves the model bundles.',
    );
  }
  return new Uint8Array(await response.arrayBuffer());
}

/** The model's bytes, downloaded once per page; a failed download is retried on the next call. */
export function loadPoseModelBytes(model: ServedPoseModel): Promise<Uint8Array> {
  let pending = modelBytes.get(model);
  if (!pending) {
    pending = downloadModel(model);
    modelBytes.set(model, pending);
    pending.catch(() => modelBytes.delete(model));
  }
  return pending;
}

export interface LoadPoseDetectorOptions {
  /** Default lite (DEFAULT_ANALYSIS_MODEL). */
  readonly model?: ServedPoseModel;
}

/**
 * A NEW detector on every call. tasks-vision's VIDEO mode keeps tracking and smoothing state from
 * frame to frame, so two videos on one page must never share a detector. The model bytes are
 * downloaded once per page, and the wasm runtime sits under a versioned /assets/ path the server
 * marks immutable, so a second detector costs only its graph set-up. Close it when done.
 */
export async function loadPoseDetector(
  options: LoadPoseDetectorOptions = {},
): Promise<PoseDetector> {
  const model = options.model ?? DEFAULT_ANALYSIS_MODEL;
  const bytes = await loadPoseModelBytes(model);
  return createPoseDetector({
    wasmBaseUrl: POSE_WASM_BASE_URL,
    model,
    // A copy: the cached bytes must stay intact whatever the landmarker does with its buffer.
    modelAssetBuffer: bytes.slice(),
  });
}
