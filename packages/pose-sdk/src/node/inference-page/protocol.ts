/**
 * Messages between the Node engine and its inference page (headless Chromium). Shared by both sides
 * so they cannot disagree; contains types and constants only.
 */

/** Name of the DevTools binding through which the page reports results to Node. */
export const RESULT_BINDING = 'reptempleReportFrames';

/** Name of the global object the page exposes to Node. */
export const PAGE_API_GLOBAL = 'reptempleInference';

export interface PageInitConfig {
  readonly wasmBaseUrl: string;
  readonly modelUrl: string;
  readonly model: 'lite' | 'full' | 'heavy';
}

export interface PageJob {
  readonly jobId: string;
  /** Loopback URL streaming the job's frames: per frame a 16-byte header then RGBA bytes. */
  readonly framesUrl: string;
  /** Frames reported per binding call. */
  readonly batchFrames: number;
}

/** One analysed frame as it crosses the binding: flat arrays keep the JSON small and fast. */
export interface WireFrame {
  /** Media time (ms). */
  readonly t: number;
  /** 33 x [x, y, z, visibility] flattened, or empty when no person. */
  readonly lm: number[];
  /** World landmarks, same layout. */
  readonly wl: number[];
  /** Time (ms) the page waited for this frame's bytes to arrive. */
  readonly waitMs: number;
  /** Time (ms) spent building the image from the bytes. */
  readonly copyMs: number;
  /** Time (ms) spent in detectForVideo. */
  readonly inferMs: number;
}

export interface PageJobSummary {
  readonly frames: number;
  readonly width: number;
  readonly height: number;
}

export interface PageApi {
  init(config: PageInitConfig): Promise<void>;
  run(job: PageJob): Promise<PageJobSummary>;
}
