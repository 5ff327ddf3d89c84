import { existsSync, constants as fsConstants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { poseModelVariantOf, sampleFrames } from '@reptemple/pose-sdk';
import {
  createPoseEngine,
  type ExtractProgress,
  type PoseEngine,
  probeVideo,
  type VideoInfo,
} from '@reptemple/pose-sdk/node';
import type { CommandContext } from '../context.js';
import { type AnalyserSpec, type AnalysisOutcome, analysisOutcome } from './analyser.js';
import { isTracePath, readTraceFile } from './trace-files.js';
import {
  cacheEntryPath,
  type FrameSourceResult,
  fromTrace,
  type ModelVariant,
  sha256File,
  videoFrames,
} from './video-frames.js';

export interface SessionOptions {
  readonly model: ModelVariant;
  /** --model was given: a trace of another model gets a warning (the option applies to videos). */
  readonly modelChosen?: boolean;
  readonly fps: number | undefined;
  readonly jobs: number;
  /** null: no cache */
  readonly cacheDir: string | null;
  readonly onProgress?: (input: string, progress: ExtractProgress) => void;
  readonly onWarning?: (message: string) => void;
  /** Told when the pose engine starts (with its worker count), before seconds of start-up. */
  readonly onEngineStarting?: (workers: number) => void;
}

/**
 * One run of the CLI over many inputs: traces are read, videos go through one shared pose engine
 * (started only if a video comes up, with one worker per job) and the trace cache.
 */
export class AnalysisSession {
  private enginePromise: Promise<PoseEngine> | null = null;
  /** The cache folder once checked (null: no cache, or one that cannot be used); checked once. */
  private cacheDirCheck: Promise<string | null> | null = null;
  /** New traces go to the cache until a write fails (a read-only or full folder): then none. */
  private cacheWritable = true;
  /** Content hash per video path: the cache check while planning and the extraction share it. */
  private readonly hashes = new Map<string, Promise<string>>();
  /** Videos of this run not in the cache, counted by workloads(); undefined before. */
  private videosToExtract: number | undefined;
  /** ffprobe's answer per video path, asked once per run: ordering and cache hits share it. */
  private readonly probes = new Map<string, Promise<VideoInfo>>();

  constructor(
    private readonly context: CommandContext,
    readonly options: SessionOptions,
  ) {}

  /** Landmark frames of one input, sampled to --fps when given. */
  async frames(input: string): Promise<FrameSourceResult> {
    const path = resolve(this.context.cwd, input);
    if (isTracePath(path)) {
      const trace = await readTraceFile(path);
      if (this.options.modelChosen && trace.header.model !== this.options.model) {
        this.options.onWarning?.(
          `${input} holds landmarks of the ${trace.header.model} model; --model ${this.options.model} applies to videos only`,
        );
      }
      const source = fromTrace(trace);
      const frames =
        this.options.fps === undefined
          ? source.frames
          : sampleFrames(source.frames, this.options.fps);
      return { ...source, frames, fromCache: false };
    }
    const cacheDir = await this.usableCacheDir();
    return videoFrames(path, {
      model: this.options.model,
      fps: this.options.fps,
      cacheDir,
      writeCache: () => this.cacheWritable,
      onCacheWriteFailed: (error) => this.cacheWriteFailed(error),
      engine: () => this.engine(),
      probe: () => this.probe(path),
      sha256: () => this.sha256(path),
      signal: this.context.signal,
      onProgress: (progress) => this.options.onProgress?.(input, progress),
      onWarning: this.options.onWarning,
    });
  }

  /**
   * How much work each input is, to order a batch: the frames a video will analyse (its frame
   * count from the header, scaled down to --fps), read PROBE_CONCURRENCY headers at a time (~50 ms
   * of ffprobe each); 0 for traces (replayed in milliseconds) and for files that cannot be probed
   * (their error is reported in their turn). Duration alone misjudges clips of different frame
   * rates: 10 s at 21 fps is less work than 10 s at 30 fps.
   */
  async workloads(inputs: readonly string[]): Promise<number[]> {
    const workloads = new Array<number>(inputs.length).fill(0);
    let next = 0;
    const probeNext = async (): Promise<void> => {
      while (next < inputs.length) {
        const index = next++;
        const input = inputs[index]!;
        if (isTracePath(input)) continue;
        const path = resolve(this.context.cwd, input);
        try {
          workloads[index] = framesToAnalyse(await this.probe(path), this.options.fps);
          if (!(await this.isCached(path))) toExtract.add(path);
        } catch {
          // A missing or damaged input is reported when its turn comes.
        }
      }
    };
    const toExtract = new Set<string>();
    await Promise.all(Array.from({ length: PROBE_CONCURRENCY }, probeNext));
    this.videosToExtract = toExtract.size;
    return workloads;
  }

  /**
   * Pose workers (one headless Chromium each) the engine starts with: one per job, but no more
   * than the videos left to extract once traces and cached videos are set aside; 0 means the
   * engine is never started.
   */
  get plannedWorkers(): number {
    return Math.min(this.options.jobs, this.videosToExtract ?? this.options.jobs);
  }

  private async isCached(path: string): Promise<boolean> {
    const dir = await this.usableCacheDir();
    if (dir === null) return false;
    const entry = cacheEntryPath(
      dir,
      await this.sha256(path),
      this.options.model,
      this.options.fps,
    );
    return existsSync(entry);
  }

  /** The content hash of a video, computed once per run. */
  sha256(path: string): Promise<string> {
    return oncePerKey(this.hashes, path, () => sha256File(path));
  }

  /**
   * The cache folder, created on first use (a run over traces only never creates it). One that
   * cannot be created or read (a file in the way, no permission) is reported once and the run
   * goes on without a cache, instead of every video failing after its extraction. One that can
   * be read but not written (a shared, read-only CI cache) is still read, with one warning.
   */
  private usableCacheDir(): Promise<string | null> {
    const dir = this.options.cacheDir;
    if (dir === null) return Promise.resolve(null);
    this.cacheDirCheck ??= (async () => {
      try {
        await mkdir(dir, { recursive: true });
        await access(dir, fsConstants.R_OK | fsConstants.X_OK);
      } catch (error) {
        this.options.onWarning?.(
          `cannot use the trace cache folder ${dir} (${(error as Error).message}); extracting without it. ` +
            'Pass --cache-dir or set REPTEMPLE_CACHE_DIR to a writable folder, or pass --no-cache.',
        );
        return null;
      }
      await access(dir, fsConstants.W_OK).catch((error: Error) => this.cacheWriteFailed(error));
      return dir;
    })();
    return this.cacheDirCheck;
  }

  /**
   * A folder found read-only up front, or the first failed write of a run (disk full), stops the
   * cache writes of the run, with one warning for them all.
   */
  private cacheWriteFailed(error: Error): void {
    if (!this.cacheWritable) return;
    this.cacheWritable = false;
    this.options.onWarning?.(
      `cannot write to the trace cache folder ${this.options.cacheDir} (${error.message}); cached traces are still read, new ones are not kept. ` +
        'Pass --cache-dir or set REPTEMPLE_CACHE_DIR to a writable folder to keep them.',
    );
  }

  /** The header of a video, probed once per run. */
  probe(path: string): Promise<VideoInfo> {
    return oncePerKey(this.probes, path, () => probeVideo(path));
  }

  async analyse(input: string, spec: AnalyserSpec): Promise<AnalysisOutcome> {
    const source = await this.frames(input);
    // The landmarks' model (the trace's header, or the extraction's): the SDK calibrates per model.
    return analysisOutcome(
      source.frames,
      source.frameSize,
      source.durationMs,
      spec,
      poseModelVariantOf(source.header.model),
    );
  }

  engine(): Promise<PoseEngine> {
    if (this.enginePromise === null) {
      // At least one: a cache entry counted as present may turn out damaged and need extracting.
      const workers = Math.max(1, this.plannedWorkers);
      this.options.onEngineStarting?.(workers);
      this.enginePromise = createPoseEngine({ model: this.options.model, workers });
    }
    return this.enginePromise;
  }

  async close(): Promise<void> {
    if (this.enginePromise === null) return;
    const engine = await this.enginePromise.catch(() => null);
    await engine?.close();
  }
}

/** Frames of a video analysed at `fps` (every frame when undefined or above the video's rate). */
export function framesToAnalyse(video: VideoInfo, fps: number | undefined): number {
  if (fps === undefined || !(video.fps > fps)) return video.frameCountEstimate;
  return video.frameCountEstimate * (fps / video.fps);
}

/** ffprobe processes run at once while a batch is being ordered. */
const PROBE_CONCURRENCY = 4;

/** The value `make` gave for `key` the first time; later calls share it (a promise in flight too). */
function oncePerKey<K, V>(cache: Map<K, V>, key: K, make: () => V): V {
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key) as V;
}
