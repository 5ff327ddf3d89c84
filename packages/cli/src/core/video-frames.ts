import { createHash } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { RepTempleError } from '@reptemple/definitions';
import { MODEL_SHA256, TASKS_VISION_VERSION } from '@reptemple/models';
import {
  type FrameSize,
  type PoseFrame,
  TRACE_FORMAT,
  TRACE_VERSION,
  type TraceHeader,
} from '@reptemple/pose-sdk';
import type { ExtractProgress, PoseEngine, VideoInfo } from '@reptemple/pose-sdk/node';
import { CLI_VERSION } from '../version.js';
import { type LoadedTrace, readTraceFile, traceDurationMs, writeTraceFile } from './trace-files.js';

export type ModelVariant = keyof typeof MODEL_SHA256;

/** Where extracted traces are kept between runs: REPTEMPLE_CACHE_DIR, else the XDG cache. */
export function defaultCacheDir(env: Readonly<Record<string, string | undefined>>): string {
  if (env.REPTEMPLE_CACHE_DIR) return env.REPTEMPLE_CACHE_DIR;
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'reptemple', 'traces');
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export interface FrameSourceResult {
  readonly frames: PoseFrame[];
  readonly frameSize: FrameSize;
  readonly durationMs: number;
  readonly header: TraceHeader;
  readonly fromCache: boolean;
}

export interface VideoFrameOptions {
  readonly model: ModelVariant;
  readonly fps: number | undefined;
  /** null: no cache */
  readonly cacheDir: string | null;
  readonly engine: () => Promise<PoseEngine>;
  /** The file's content hash (the cache key), computed once per run. */
  readonly sha256: () => Promise<string>;
  /** The video's header (ffprobe); on a cache hit it gives the duration a fresh run reports. */
  readonly probe: () => Promise<VideoInfo>;
  readonly signal: AbortSignal;
  readonly onProgress?: (progress: ExtractProgress) => void;
  /** Whether a new extraction goes to the cache (default: yes). */
  readonly writeCache?: () => boolean;
  /** Told when a cache entry could not be written (the result is kept all the same). */
  readonly onCacheWriteFailed?: (error: Error) => void;
  /** Told about a damaged cache entry (then extracted again). */
  readonly onWarning?: (message: string) => void;
}

/**
 * Landmarks of a video: from the cache when this exact file (by content) was already extracted
 * with this model and sampling, else extracted now and cached.
 */
export async function videoFrames(
  path: string,
  options: VideoFrameOptions,
): Promise<FrameSourceResult> {
  if (!existsSync(path)) {
    throw new RepTempleError(
      'VIDEO_NOT_FOUND',
      `Expected a video file at ${path}, found nothing. Check the path and the working folder.`,
    );
  }
  if (!statSync(path).isFile()) {
    throw new RepTempleError(
      'VIDEO_NOT_FOUND',
      `Expected a video file at ${path}, found a folder or special file. Pass the path of a video file (for a folder of videos: folder/*.mp4).`,
    );
  }
  const sha256 = await options.sha256();
  const cachePath =
    options.cacheDir === null
      ? null
      : cacheEntryPath(options.cacheDir, sha256, options.model, options.fps);
  if (cachePath !== null) {
    const cached = await readCached(cachePath, options.onWarning);
    if (cached !== null) {
      // The video's own duration, as a fresh extraction reports it: the trace's frames only give
      // last - first + one interval of the sampled rate, up to a sampling interval more (2.98 s
      // instead of 2.87 s at --fps 7).
      const { durationMs } = await options.probe();
      // The cache is keyed by content: the entry may have been written for a copy of this file
      // under another name, and the header's source names the file at hand.
      const header = { ...cached.header, source: basename(path) };
      return { ...fromTrace(cached), header, durationMs, fromCache: true };
    }
  }
  const engine = await options.engine();
  const result = await engine.extract(path, {
    fps: options.fps,
    signal: options.signal,
    onProgress: options.onProgress,
  });
  const header: TraceHeader = {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    source: basename(path),
    model: options.model,
    fps: options.fps !== undefined ? Math.min(options.fps, result.video.fps) : result.video.fps,
    width: result.frameSize.width,
    height: result.frameSize.height,
    ...(result.video.durationMs > 0 ? { durationMs: result.video.durationMs } : {}),
    sourceSha256: sha256,
    createdBy: `reptemple ${CLI_VERSION}, tasks-vision ${TASKS_VISION_VERSION}`,
  };
  // World landmarks travel as x, y, z (their visibility is the image landmark's): exactly what a
  // cached trace reads back, so a fresh extraction and a cache hit analyse the same frames.
  const frames: PoseFrame[] = result.frames.map((frame) => ({
    timestampMs: frame.timestampMs,
    landmarks: frame.landmarks,
    worldLandmarks: frame.worldLandmarks.map(({ x, y, z }) => ({ x, y, z })),
  }));
  if (cachePath !== null && (options.writeCache?.() ?? true)) {
    // The landmarks are already here: a cache that cannot take them (disk full, read-only) costs
    // the next run an extraction, not this input its result.
    await writeTraceFile(cachePath, header, frames).catch((error: Error) =>
      options.onCacheWriteFailed?.(error),
    );
  }
  return {
    frames,
    frameSize: result.frameSize,
    durationMs: result.video.durationMs,
    header,
    fromCache: false,
  };
}

export function fromTrace(trace: LoadedTrace): Omit<FrameSourceResult, 'fromCache'> {
  return {
    frames: trace.frames,
    frameSize: { width: trace.header.width, height: trace.header.height },
    durationMs: traceDurationMs(trace),
    header: trace.header,
  };
}

/**
 * Bumped whenever extraction gives different frames for the same file, model and rate, so that no
 * stale entry is read. 2: a sampled extraction ends on the video's last frame. 3: entries written
 * before decoding moved into the page (colours from the stream's own tags) differ from today's
 * extraction on some clips: 09 at 15 fps by 0.01 px on average, up to 1.9 px, which changed its
 * count. 4: traces carry the world landmarks (trace format version 2). 5: a worker's next video
 * starts on a new graph: before, its first frames' visibility (and world landmarks) carried on
 * from the video before it in the same worker (fixture 06: up to 0.86 of visibility).
 */
const EXTRACTION_VERSION = 5;

/** The cache key names everything that changes the landmarks: the file, the model, the sampling. */
export function cacheEntryPath(
  cacheDir: string,
  sha256: string,
  model: ModelVariant,
  fps: number | undefined,
): string {
  const modelId = MODEL_SHA256[model].slice(0, 12);
  const rate = fps === undefined ? 'all' : `${fps}fps`;
  return join(cacheDir, `${sha256}-${model}-${modelId}-${rate}-v${EXTRACTION_VERSION}.ndjson`);
}

async function readCached(
  path: string,
  onWarning?: (message: string) => void,
): Promise<LoadedTrace | null> {
  try {
    return await readTraceFile(path);
  } catch (error) {
    // A missing entry is the normal miss; a damaged one is reported, then re-extracted.
    const missing =
      error instanceof RepTempleError &&
      error.code === 'TRACE_NOT_FOUND' &&
      (error.cause as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
    if (!missing) {
      onWarning?.(
        `ignoring damaged cache entry ${path}: ${(error as Error).message.split('\n')[0]}`,
      );
    }
    return null;
  }
}
