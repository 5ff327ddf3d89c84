/**
 * Messages between the Node engine and its inference page (headless Chromium). Shared by both sides
 * so they cannot disagree; contains types and constants only.
 */

import type { FrameWindow, WindowFrameRole } from '../media/frame-windows.js';

/**
 * Starts the message of a page error meaning the video itself could not be decoded (a bad file,
 * not a bug); errors cross page.evaluate as text, so the engine recognises them by it.
 */
export const DECODE_FAILED_MARKER = 'DECODE_FAILED: ';

/** Name of the global object the page exposes to Node. */
export const PAGE_API_GLOBAL = 'reptempleInference';

export interface PageInitConfig {
  readonly wasmBaseUrl: string;
  readonly modelUrl: string;
  readonly model: 'lite' | 'full' | 'heavy';
}

export interface PageJob {
  readonly jobId: string;
  /**
   * Loopback URL of the job's frames: `<framesUrl>/<index>?count=<n>` answers up to n frames' I420
   * bytes back to back, 204 past the end.
   */
  readonly framesUrl: string;
  /** Loopback URL the page POSTs result batches to (JSON arrays of WireFrame, in order). */
  readonly resultsUrl: string;
  /** Frames reported per POST. */
  readonly batchFrames: number;
  /** Frames per request; the page holds up to two runs ahead of inference. */
  readonly framesPerRequest: number;
  /**
   * When set, the page fetches this H.264 MP4 whole and decodes it itself with WebCodecs (the web
   * app's reader and decoder), instead of fetching decoded frames from `framesUrl`.
   */
  readonly mp4Url?: string;
  /** With `mp4Url`: keep at most this many frames per second (and the last frame). */
  readonly fps?: number;
  /**
   * With `mp4Url`: analyse only the frames inside these windows (every one), each stretch after
   * `warmUpFrames` warm-up frames (WindowFrameSelector). Frames from `framesUrl` carry their
   * roles in the `roles` header instead.
   */
  readonly windows?: readonly FrameWindow[];
  readonly warmUpFrames?: number;
  /** Names of the response headers with the frame's timestamp (ms), width and height (px). */
  readonly frameHeaders: {
    readonly timestampMs: string;
    readonly width: string;
    readonly height: string;
    readonly colorTags: string;
    readonly roles: string;
  };
}

/** A windowed frame's role as the frames' `roles` header writes it. */
export interface FrameRole {
  readonly role?: WindowFrameRole | undefined;
  readonly reset?: boolean | undefined;
}

/** 'a' analysed, 'w' warm-up, 'R' before either: tracking reset first. */
export function encodeFrameRole(frame: FrameRole): string {
  return `${frame.reset ? 'R' : ''}${frame.role === 'warmUp' ? 'w' : 'a'}`;
}

export function decodeFrameRole(code: string): { role: WindowFrameRole; reset: boolean } {
  return { role: code.endsWith('w') ? 'warmUp' : 'analyse', reset: code.startsWith('R') };
}

/** One analysed frame as the page reports it: flat arrays keep the JSON small and fast to parse. */
export interface WireFrame {
  /** Media time (ms). */
  readonly t: number;
  /** 33 x [x, y, z, visibility] flattened, or empty when no person. */
  readonly lm: number[];
  /** World landmarks, same layout. */
  readonly wl: number[];
  /** Time (ms) the page waited for this frame's bytes to arrive (decode + transfer not hidden). */
  readonly waitMs: number;
  /** Time (ms) spent wrapping the bytes into a VideoFrame. */
  readonly copyMs: number;
  /** Time (ms) spent in detectForVideo (with the tracking reset before it, if any). */
  readonly inferMs: number;
  /** Windowed extraction: a warm-up frame, inferred for the tracking only, not to be reported. */
  readonly warmUp?: true;
  /** Tracking (and its visibility smoothing) started afresh at this frame (see Mp4DetectionTiming). */
  readonly trackingStart?: true;
  /** Pixel size of the frame, on a job's first frame only. */
  readonly size?: readonly [number, number];
}

export interface PageJobSummary {
  readonly frames: number;
  readonly width: number;
  readonly height: number;
}

export interface PageApi {
  init(config: PageInitConfig): Promise<void>;
  run(job: PageJob): Promise<PageJobSummary>;
  /** Makes a running job stop before its next frame (abort, consumer gone). */
  cancel(jobId: string): void;
}

/** What the frame-fetcher worker needs of a job. */
export interface FrameFetchJob {
  readonly framesUrl: string;
  readonly framesPerRequest: number;
  readonly frameHeaders: PageJob['frameHeaders'];
}

/**
 * Page main thread -> frame-fetcher worker (one per page, serving one job's frames at a time).
 * The worker also POSTs the page's result batches ('results'), for frame jobs and MP4 jobs alike.
 */
export type FetcherRequest =
  | { readonly type: 'start'; readonly jobId: string; readonly job: FrameFetchJob }
  | { readonly type: 'credit'; readonly jobId: string; readonly frames: number }
  | { readonly type: 'stop'; readonly jobId: string }
  | {
      readonly type: 'results';
      readonly jobId: string;
      /** The job's `resultsUrl`. */
      readonly url: string;
      readonly frames: readonly WireFrame[];
    };

/** Frame-fetcher worker -> page main thread. */
export type FetcherMessage =
  | {
      readonly type: 'frames';
      readonly jobId: string;
      /** One per frame, in order (ms). */
      readonly timestampsMs: number[];
      readonly width: number;
      readonly height: number;
      /** JSON of the frames' ffmpeg colour tags. */
      readonly colorTags: string;
      /** Windowed extraction: each frame's role (encodeFrameRole); empty for a plain one. */
      readonly roles: string[];
      /** I420 samples of all the frames, back to back. */
      readonly pixels: ArrayBuffer;
    }
  | { readonly type: 'end'; readonly jobId: string }
  | { readonly type: 'error'; readonly jobId: string; readonly message: string }
  /** One 'results' batch reached Node (answered in the order they were sent). */
  | { readonly type: 'results-posted'; readonly jobId: string }
  /** A batch could not be posted; the job's later batches are dropped. */
  | { readonly type: 'results-failed'; readonly jobId: string; readonly message: string };

/** File name of the bundled frame-fetcher worker, next to the page. */
export const FRAME_FETCHER_SCRIPT = 'frame-fetcher.js';
