import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { FrameSize, Landmark, PoseFrame } from '../core/types.js';
import {
  DECODE_FAILED_MARKER,
  PAGE_API_GLOBAL,
  type PageApi,
  type PageJob,
  type PageJobSummary,
  type WireFrame,
} from '../inference-page/protocol.js';
import { type FrameWindow, joinWindows, windowsProblem } from '../media/frame-windows.js';
import {
  DEFAULT_POSE_MODEL,
  POSE_MODEL_VARIANTS,
  type PoseModelVariant,
} from '../media/model-settings.js';
import { AsyncQueue } from './async-queue.js';
import {
  CHROMIUM_CANDIDATES,
  chromiumLaunchOptions,
  DEFAULT_WARM_UP_FRAMES,
  DEFAULT_WORKERS,
  FRAMES_PER_REQUEST,
  READ_AHEAD_FRAMES,
  RESULT_BATCH_FRAMES,
  WORKER_START_TIMEOUT_MS,
} from './engine-settings.js';
import { abortedError, PoseEngineError } from './errors.js';
import {
  assertVideoFileExists,
  FrameDecoder,
  locateFfmpeg,
  probeVideo,
  type VideoInfo,
} from './ffmpeg.js';
import { FRAME_HEADERS, JobFrames } from './job-frames.js';
import { LoopbackServer } from './loopback-server.js';
import { resolveModelPath } from './model-path.js';
import { planMp4 } from './mp4-plan.js';

export interface PoseEngineOptions {
  /** BlazePose variant; default 'full' (the spec's model complexity 1). */
  readonly model?: PoseModelVariant;
  /** Parallel inference workers (one headless Chromium each); default 1. One per core is the sweet spot. */
  readonly workers?: number;
  /** A `.task` bundle to use instead of the default for `model`. */
  readonly modelPath?: string;
  /** Chromium executable; default the first of /usr/bin/chromium, chromium-browser, google-chrome. */
  readonly browserPath?: string;
  /** ffmpeg executable; default `ffmpeg` on PATH, then @ffmpeg-installer/ffmpeg. */
  readonly ffmpegPath?: string;
  /**
   * Who decodes: 'auto' (default) lets the inference page decode H.264 MP4s itself with WebCodecs,
   * as the web app does, and ffmpeg everything else; 'ffmpeg' decodes every file with ffmpeg.
   * Both give the same frames and landmarks; 'auto' spends far less CPU outside inference.
   */
  readonly decoder?: 'auto' | 'ffmpeg';
}

export interface ExtractOptions {
  /** Analyse at most this many frames per second (frames keep their real timestamps). Default: all frames. */
  readonly fps?: number;
  /**
   * Analyse only the frames presented inside these windows (ms, the video's own times, both ends
   * included), every one of them at the video's own rate; not with `fps`. Each window is tracked
   * afresh, as a short video of its own, after `warmUpFrames` frames before it that are inferred
   * but not reported; windows that overlap are joined, and windows at most `warmUpFrames` frames
   * apart are followed through the gap instead (its frames inferred, not reported). Only what the
   * windows need is decoded: an H.264 MP4 from the key frame before each window (the file's frame
   * table), other files by ffmpeg up to the last window. An empty list analyses nothing.
   */
  readonly windows?: readonly FrameWindow[];
  /** Frames inferred before each window to warm tracking up; default DEFAULT_WARM_UP_FRAMES (4). */
  readonly warmUpFrames?: number;
  /**
   * With `windows`: report the warm-up frames too (`warmUp: true`), and mark each frame where
   * tracking started afresh (`trackingStart: true`), so that a caller can redo what the restart
   * lost (the verifier seeds the restarted visibility smoothing). Default false.
   */
  readonly reportWarmUp?: boolean;
  /** Stops the extraction: ffmpeg is killed, the engine stays usable, the call rejects with ABORTED. */
  readonly signal?: AbortSignal;
  /** Called after each analysed frame. */
  readonly onProgress?: (progress: ExtractProgress) => void;
}

export interface ExtractProgress {
  readonly framesDone: number;
  /** Expected total at the requested sampling rate (an estimate: containers can be wrong). */
  readonly framesExpected: number;
  readonly elapsedMs: number;
}

/** One analysed frame: the core's PoseFrame plus BlazePose world landmarks (metres). */
export interface ExtractedFrame extends PoseFrame {
  readonly worldLandmarks: readonly Landmark[];
  /** With `reportWarmUp`: a warm-up frame, inferred to warm tracking up, not one of the windows'. */
  readonly warmUp?: true;
  /** With `reportWarmUp`: tracking and its visibility smoothing started afresh at this frame. */
  readonly trackingStart?: true;
}

/** Where the time of one extraction went, in ms per analysed frame unless said otherwise. */
export interface ExtractionTiming {
  /** Frames reported. */
  readonly frames: number;
  /**
   * Windowed extraction: frames inferred only to warm tracking up, not reported (0 otherwise).
   * The per-frame figures below are per inferred frame: `frames + warmUpFrames`.
   */
  readonly warmUpFrames: number;
  /** Time in tasks-vision's detectForVideo over every inferred frame, tracking resets included (ms). */
  readonly inferenceMs: number;
  /** Who decoded the video: the inference page (WebCodecs, H.264 MP4s) or ffmpeg. */
  readonly decoder: 'page' | 'ffmpeg';
  /** Wall time from the call to the last frame (ms). */
  readonly totalMs: number;
  /** Wall time per frame (ms/frame), end to end. */
  readonly wallPerFrameMs: number;
  /** ffmpeg CPU time per frame (ms/frame): decoding and sampling; undefined when the page decoded. */
  readonly decodeCpuPerFrameMs: number | undefined;
  /** Time the page waited for a frame's bytes (ms/frame); near 0 when decoding keeps ahead. */
  readonly transferWaitPerFrameMs: number;
  /** Time the page spent wrapping bytes into a VideoFrame (ms/frame). */
  readonly imagePerFrameMs: number;
  /** Time in tasks-vision's detectForVideo (ms/frame). */
  readonly inferencePerFrameMs: number;
  /** Time from getting a worker to the first analysed frame: ffmpeg start-up, first decode, first inference (ms). */
  readonly setupMs: number;
  /** Time spent waiting for a free worker behind other videos (ms); not part of the other numbers. */
  readonly queuedMs: number;
}

export interface ExtractionResult {
  readonly file: string;
  readonly video: VideoInfo;
  /** Pixel size of the frames the landmarks are normalised to. */
  readonly frameSize: FrameSize;
  readonly model: PoseModelVariant;
  readonly frames: ExtractedFrame[];
  /** Errors ffmpeg logged but decoded through (e.g. a damaged frame); empty for a clean file. */
  readonly decodeWarnings: readonly string[];
  readonly timing: ExtractionTiming;
}

/** A stream of frames that also tells, once finished, where the time went. */
export interface FrameStream extends AsyncIterable<ExtractedFrame> {
  /** Known once iteration has finished (undefined before). */
  readonly timing: ExtractionTiming | undefined;
  /** Pixel size of the decoded frames the landmarks are normalised to; known from the first frame. */
  readonly frameSize: FrameSize | undefined;
  readonly decodeWarnings: readonly string[];
}

export interface PoseEngine {
  readonly model: PoseModelVariant;
  readonly workers: number;
  /** The model bundle in use. */
  readonly modelPath: string;
  /** Streams the landmarks of every (sampled) frame of a video file, in order. */
  stream(path: string, options?: ExtractOptions): FrameStream;
  /** Extracts all frames of a video file with its header information. */
  extract(path: string, options?: ExtractOptions): Promise<ExtractionResult>;
  /** Closes Chromium and the loopback server. Running extractions fail with ENGINE_CLOSED. */
  close(): Promise<void>;
}

/** Folder of the bundled inference page: next to dist/node in a build, under dist/ from sources. */
function locatePageDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  // From dist/node both lead to dist/inference-page; from src/node (tests) only the second.
  const candidates = [
    ...new Set([
      join(here, '..', 'inference-page'),
      join(here, '..', '..', 'dist', 'inference-page'),
    ]),
  ];
  const found = candidates.find((dir) => existsSync(join(dir, 'page.js')));
  if (!found) {
    throw new PoseEngineError(
      'PAGE_BUNDLE_NOT_FOUND',
      `Expected the bundled inference page (page.js) in ${candidates.join(' or ')}, found none. ` +
        'Build the package first: `pnpm --filter @reptemple/pose-sdk build`.',
    );
  }
  return found;
}

function locateChromium(explicitPath?: string): string {
  if (explicitPath !== undefined) {
    if (existsSync(explicitPath)) return explicitPath;
    throw new PoseEngineError(
      'BROWSER_NOT_FOUND',
      `Expected a Chromium executable at ${explicitPath} (the browserPath option), found nothing. ` +
        'Install it with `apt-get install chromium` or pass the path of an installed Chromium.',
    );
  }
  const found = CHROMIUM_CANDIDATES.find((path) => existsSync(path));
  if (!found) {
    throw new PoseEngineError(
      'BROWSER_NOT_FOUND',
      `Expected Chromium at one of ${CHROMIUM_CANDIDATES.join(', ')}, found none. ` +
        'Install it with `apt-get install chromium` (Debian/Ubuntu), or pass browserPath.',
    );
  }
  return found;
}

function unflatten(flat: readonly number[]): Landmark[] {
  const landmarks: Landmark[] = [];
  for (let i = 0; i + 3 < flat.length; i += 4) {
    landmarks.push({ x: flat[i]!, y: flat[i + 1]!, z: flat[i + 2]!, visibility: flat[i + 3]! });
  }
  return landmarks;
}

/** Starts one headless Chromium with the engine's flags; BROWSER_NOT_FOUND when it cannot. */
async function launchChromium(browserPath: string): Promise<Browser> {
  try {
    return await chromium.launch(chromiumLaunchOptions(browserPath));
  } catch (error) {
    throw new PoseEngineError(
      'BROWSER_NOT_FOUND',
      `Expected Chromium at ${browserPath} to start headless, but it failed: ` +
        `${(error as Error).message.split('\n')[0]}. Reinstall it with \`apt-get install chromium\`.`,
      { cause: error },
    );
  }
}

/**
 * One inference page in its own Chromium. Pages of one Chromium share its GPU process, through
 * which tasks-vision uploads every frame (WebGL, even for the CPU delegate); measured on 2 cores,
 * two pages of one browser ran only 1.1x faster than one, two browsers 2.1x.
 */
class InferenceWorker {
  crashed: Error | undefined;
  private readonly pageErrors: string[] = [];

  private constructor(
    readonly browser: Browser,
    readonly page: Page,
  ) {}

  static async start(
    browserPath: string,
    server: LoopbackServer,
    model: PoseModelVariant,
  ): Promise<InferenceWorker> {
    const browser = await launchChromium(browserPath);
    const page = await browser.newPage();
    const worker = new InferenceWorker(browser, page);
    browser.on('disconnected', () => {
      worker.crashed ??= new PoseEngineError(
        'BROWSER_CRASHED',
        'Expected the inference Chromium to keep running, but it exited. The engine starts a ' +
          'new one; retry the video.',
      );
    });
    page.on('pageerror', (error) => worker.pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') worker.pageErrors.push(message.text());
    });
    page.on('crash', () => {
      worker.crashed = new PoseEngineError(
        'BROWSER_CRASHED',
        'Expected the inference page to keep running, but Chromium reported it crashed ' +
          '(out of memory?). The engine replaces the page; retry the video.',
      );
    });
    page.setDefaultTimeout(WORKER_START_TIMEOUT_MS);
    await page.goto(server.pageUrl);
    try {
      await page.evaluate(
        ([global, config]) =>
          (globalThis as unknown as Record<string, PageApi>)[global]!.init(config),
        [
          PAGE_API_GLOBAL,
          { wasmBaseUrl: server.wasmBaseUrl, modelUrl: server.modelUrl, model },
        ] as const,
      );
    } catch (error) {
      await browser.close().catch(() => {});
      throw new PoseEngineError(
        'MODEL_INVALID',
        `Expected the inference page to load the ${model} model and wasm runtime, but it failed: ` +
          `${(error as Error).message}. Check that the model file is a valid pose_landmarker .task.`,
        { cause: error },
      );
    }
    return worker;
  }

  runJob(job: PageJob): Promise<PageJobSummary> {
    return this.page.evaluate(
      ([global, pageJob]) =>
        (globalThis as unknown as Record<string, PageApi>)[global]!.run(pageJob),
      [PAGE_API_GLOBAL, job] as const,
    );
  }

  /** Asks the page to stop a job before its next frame; best effort (the page may be gone). */
  cancelJob(jobId: string): void {
    this.page
      .evaluate(
        ([global, id]) => (globalThis as unknown as Record<string, PageApi>)[global]!.cancel(id),
        [PAGE_API_GLOBAL, jobId] as const,
      )
      .catch(() => {}); // a closed or crashed page has stopped anyway
  }

  takePageErrors(): string[] {
    return this.pageErrors.splice(0);
  }

  async close(): Promise<void> {
    this.crashed ??= engineClosed();
    await this.browser.close().catch(() => {});
  }
}

/** Hands out idle workers in FIFO order. */
class WorkerPool {
  private readonly idle: InferenceWorker[] = [];
  private readonly waiting: {
    resolve: (w: InferenceWorker) => void;
    reject: (e: unknown) => void;
    prepare: (() => void) | undefined;
  }[] = [];
  closed = false;

  constructor(
    private readonly size: number,
    private readonly replace: (dead: InferenceWorker) => Promise<InferenceWorker>,
  ) {}

  add(worker: InferenceWorker): void {
    const next = this.waiting.shift();
    if (next) next.resolve(worker);
    else this.idle.push(worker);
    this.prepareNextInLine();
  }

  /**
   * Calls `prepare` of the jobs that will get the next free workers (one per worker), so they can
   * start work that needs no worker (ffmpeg's ~200 ms start-up) while the current videos finish.
   */
  private prepareNextInLine(): void {
    for (const entry of this.waiting.slice(0, this.size)) {
      const prepare = entry.prepare;
      entry.prepare = undefined;
      prepare?.();
    }
  }

  /** A free worker; `prepare` runs once this job is among the next in line, if it has to wait. */
  acquire(signal?: AbortSignal, prepare?: () => void): Promise<InferenceWorker> {
    if (this.closed) return Promise.reject(engineClosed());
    const worker = this.idle.shift();
    if (worker) return Promise.resolve(worker);
    return new Promise((resolve, reject) => {
      const entry = {
        resolve: (w: InferenceWorker) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(w);
        },
        reject,
        prepare,
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(entry);
        if (index >= 0) this.waiting.splice(index, 1);
        this.prepareNextInLine();
        reject(abortedError('Waiting for an inference worker', signal?.reason));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
      this.prepareNextInLine();
    });
  }

  release(worker: InferenceWorker): void {
    if (this.closed) return;
    if (worker.crashed || worker.page.isClosed()) {
      void worker.close();
      this.replace(worker).then(
        (fresh) => this.add(fresh),
        (error) => {
          for (const waiter of this.waiting.splice(0)) waiter.reject(error);
        },
      );
      return;
    }
    this.add(worker);
  }

  drain(): InferenceWorker[] {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter.reject(engineClosed());
    return this.idle.splice(0);
  }
}

function engineClosed(): PoseEngineError {
  return new PoseEngineError(
    'ENGINE_CLOSED',
    'Expected an open pose engine, but close() was called. Create a new engine with createPoseEngine().',
  );
}

function validateOptions(options: PoseEngineOptions): {
  model: PoseModelVariant;
  workers: number;
  decoder: 'auto' | 'ffmpeg';
} {
  const model = options.model ?? DEFAULT_POSE_MODEL;
  if (!POSE_MODEL_VARIANTS.includes(model)) {
    throw new PoseEngineError(
      'INVALID_OPTIONS',
      `Expected model to be one of ${POSE_MODEL_VARIANTS.join(', ')}, received ${String(model)}.`,
    );
  }
  const workers = options.workers ?? DEFAULT_WORKERS;
  if (!Number.isInteger(workers) || workers < 1) {
    throw new PoseEngineError(
      'INVALID_OPTIONS',
      `Expected workers to be a whole number >= 1, received ${String(workers)}.`,
    );
  }
  const decoder = options.decoder ?? 'auto';
  if (decoder !== 'auto' && decoder !== 'ffmpeg') {
    throw new PoseEngineError(
      'INVALID_OPTIONS',
      `Expected decoder to be 'auto' or 'ffmpeg', received ${String(decoder)}.`,
    );
  }
  return { model, workers, decoder };
}

function validateExtractOptions(options: ExtractOptions): void {
  const { fps, windows, warmUpFrames } = options;
  if (fps !== undefined && !(Number.isFinite(fps) && fps > 0)) {
    throw new PoseEngineError(
      'INVALID_OPTIONS',
      `Expected fps to be a positive number of frames per second, received ${String(fps)}. ` +
        'Omit it to analyse every frame.',
    );
  }
  if (windows !== undefined) {
    if (!Array.isArray(windows)) {
      throw new PoseEngineError(
        'INVALID_OPTIONS',
        `Expected windows to be an array of { startMs, endMs }, received ${String(windows)}.`,
      );
    }
    const problem = windowsProblem(windows);
    if (problem) throw new PoseEngineError('INVALID_OPTIONS', problem);
    if (fps !== undefined) {
      throw new PoseEngineError(
        'INVALID_OPTIONS',
        `Expected either fps or windows, received both (fps ${fps}): windows are analysed at the ` +
          "video's own rate. Omit fps.",
      );
    }
  }
  if (warmUpFrames !== undefined && !(Number.isInteger(warmUpFrames) && warmUpFrames >= 0)) {
    throw new PoseEngineError(
      'INVALID_OPTIONS',
      `Expected warmUpFrames to be a whole number of frames >= 0, received ${String(warmUpFrames)}.`,
    );
  }
}

/** Frames a windowed extraction will report, from the container's rate, for progress only. */
function windowFramesEstimate(
  windows: readonly FrameWindow[],
  fps: number,
  durationMs: number,
): number {
  let frames = 0;
  for (const { startMs, endMs } of joinWindows(windows)) {
    const from = Math.max(0, startMs);
    const to = durationMs > 0 ? Math.min(durationMs, endMs) : endMs;
    if (to >= from) frames += Math.floor(((to - from) / 1000) * fps) + 1;
  }
  return frames;
}

/**
 * Starts headless Chromium with `workers` inference pages, each running pose-sdk/browser's
 * PoseLandmarker with the same settings as the web app. Reuse one engine for many videos.
 */
export async function createPoseEngine(options: PoseEngineOptions = {}): Promise<PoseEngine> {
  const { model, workers, decoder: decoderChoice } = validateOptions(options);
  const ffmpeg = locateFfmpeg(options.ffmpegPath);
  const browserPath = locateChromium(options.browserPath);
  const pageDir = locatePageDir();
  const modelPath = await resolveModelPath(model, options.modelPath);

  const server = new LoopbackServer(pageDir, modelPath);
  await server.start();
  let closed = false;
  const startWorker = () => InferenceWorker.start(browserPath, server, model);
  const pool = new WorkerPool(workers, () => startWorker());
  const busy = new Set<InferenceWorker>();
  const starting = await Promise.allSettled(Array.from({ length: workers }, startWorker));
  const failedStart = starting.find((result) => result.status === 'rejected');
  if (failedStart) {
    for (const result of starting) if (result.status === 'fulfilled') await result.value.close();
    await server.close();
    throw failedStart.reason;
  }
  for (const result of starting) if (result.status === 'fulfilled') pool.add(result.value);

  function stream(path: string, extractOptions: ExtractOptions = {}): FrameStream {
    let timing: ExtractionTiming | undefined;
    let frameSize: FrameSize | undefined;
    const decodeWarnings: string[] = [];
    const iterate = async function* (): AsyncGenerator<ExtractedFrame> {
      const { signal, onProgress } = extractOptions;
      validateExtractOptions(extractOptions);
      const { windows } = extractOptions;
      const warmUpFrames = extractOptions.warmUpFrames ?? DEFAULT_WARM_UP_FRAMES;
      const reportWarmUp = windows !== undefined && extractOptions.reportWarmUp === true;
      if (closed) throw engineClosed();
      assertVideoFileExists(path);
      if (signal?.aborted) throw abortedError(`Extracting ${path}`, signal.reason);
      const queuedAt = performance.now();
      // H.264 MP4s are decoded by the page itself; anything else by ffmpeg here.
      const frameChoice = { fps: extractOptions.fps, windows, warmUpFrames };
      const mp4 = decoderChoice === 'auto' ? planMp4(path, frameChoice) : null;
      let earlyDecoder: FrameDecoder | undefined;
      const startDecoder = () =>
        mp4
          ? undefined
          : new FrameDecoder(path, ffmpeg.ffmpeg, {
              ...frameChoice,
              readAheadFrames: READ_AHEAD_FRAMES,
            });
      let worker: InferenceWorker;
      try {
        // Next in line for a worker: start ffmpeg now, so its start-up hides behind other videos.
        worker = await pool.acquire(signal, () => {
          earlyDecoder = startDecoder();
        });
      } catch (error) {
        (earlyDecoder as FrameDecoder | undefined)?.kill();
        throw error;
      }
      const decoder = earlyDecoder ?? startDecoder();
      busy.add(worker);
      // Timing starts once a worker is ours: time spent queued behind other videos is not this video's.
      const startedAt = performance.now();
      const jobId = randomUUID();
      const queue = new AsyncQueue<ExtractedFrame>();
      let framesExpected = mp4?.framesExpected ?? 0;
      decoder?.header.then(
        (header) => {
          frameSize = header.frameSize;
          const fps =
            extractOptions.fps !== undefined
              ? Math.min(extractOptions.fps, header.fps)
              : header.fps;
          framesExpected =
            windows === undefined
              ? Math.round((header.durationMs / 1000) * fps)
              : windowFramesEstimate(windows, header.fps, header.durationMs);
        },
        () => {},
      );
      let abortedBy: { reason: unknown } | undefined;
      let framesDone = 0;
      let warmedUp = 0;
      let waitMs = 0;
      let imageMs = 0;
      let inferMs = 0;
      let decodeCpuMs: number | undefined;
      let firstFrameAt: number | undefined;
      let lastFrameAt = startedAt;
      const onAbort = () => {
        abortedBy = { reason: signal?.reason };
        decoder?.kill();
        worker.cancelJob(jobId);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const jobFrames = decoder ? new JobFrames(decoder) : undefined;
      let deliver: (frames: WireFrame[]) => void = () => {};
      server.registerJob(jobId, {
        serveFrames: (index, count, response) =>
          jobFrames ? jobFrames.serve(index, count, response) : response.writeHead(204).end(), // the page decodes this job itself
        acceptResults: (body) => deliver(JSON.parse(body) as WireFrame[]),
        serveVideo: (response) => {
          if (!mp4) {
            response.writeHead(404).end();
            return;
          }
          response.writeHead(200, {
            'content-type': 'video/mp4',
            'content-length': mp4.bytes.length,
          });
          response.end(mp4.bytes);
        },
      });
      deliver = (frames) => {
        for (const wire of frames) {
          if (wire.size) frameSize ??= { width: wire.size[0], height: wire.size[1] };
          waitMs += wire.waitMs;
          imageMs += wire.copyMs;
          inferMs += wire.inferMs;
          if (wire.warmUp) {
            warmedUp += 1; // inferred for the tracking only
            if (!reportWarmUp) continue;
          } else framesDone += 1;
          queue.push({
            timestampMs: wire.t,
            landmarks: unflatten(wire.lm),
            worldLandmarks: unflatten(wire.wl),
            ...(reportWarmUp && wire.warmUp ? { warmUp: true as const } : {}),
            ...(reportWarmUp && wire.trackingStart ? { trackingStart: true as const } : {}),
          });
        }
        const now = performance.now();
        firstFrameAt ??= now;
        lastFrameAt = now;
        decodeCpuMs = decoder?.cpuTimeMs() ?? decodeCpuMs;
        onProgress?.({ framesDone, framesExpected, elapsedMs: now - startedAt });
      };
      const pageJob: PageJob = {
        jobId,
        framesUrl: server.framesUrl(jobId),
        resultsUrl: server.resultsUrl(jobId),
        batchFrames: RESULT_BATCH_FRAMES,
        framesPerRequest: FRAMES_PER_REQUEST,
        frameHeaders: FRAME_HEADERS,
        ...(mp4
          ? {
              mp4Url: server.videoUrl(jobId),
              fps: extractOptions.fps,
              ...(windows === undefined ? {} : { windows, warmUpFrames }),
            }
          : {}),
      };
      const run = worker.runJob(pageJob).then(
        () => queue.end(),
        (error: unknown) => queue.fail(error),
      );
      let finished = false;
      try {
        try {
          for await (const frame of queue) yield frame;
        } catch (pageError) {
          // The first cause wins: an abort or a decode failure explains a broken page stream.
          if (abortedBy) throw abortedError(`Extracting ${path}`, abortedBy.reason);
          if (jobFrames?.failure) throw jobFrames.failure;
          if (closed) throw engineClosed();
          if (worker.crashed) throw worker.crashed;
          const message = (pageError as Error).message ?? String(pageError);
          const marker = message.indexOf(DECODE_FAILED_MARKER);
          if (marker >= 0) {
            const reason = message.slice(marker + DECODE_FAILED_MARKER.length).split('\n')[0];
            throw new PoseEngineError(
              'VIDEO_DECODE_FAILED',
              `Expected ${path} to be an H.264 video the browser can decode; it said: ` +
                `${reason}. Check that the file is complete (re-encode ` +
                'it with ffmpeg if needed).',
              { cause: pageError },
            );
          }
          const details = worker.takePageErrors().join(' | ');
          throw new PoseEngineError(
            'INFERENCE_FAILED',
            `Expected the inference page to analyse ${path}, but it failed: ` +
              `${(pageError as Error).message.split('\n')[0]}${details ? ` (page: ${details})` : ''}. ` +
              'This is a bug or an unsupported video; please report it with the file.',
            { cause: pageError },
          );
        }
        if (abortedBy) throw abortedError(`Extracting ${path}`, abortedBy.reason);
        if (jobFrames?.failure) throw jobFrames.failure;
        finished = true;
      } finally {
        signal?.removeEventListener('abort', onAbort);
        // Consumer gone early (break, error): stop the page too, not just ffmpeg.
        if (!finished && !abortedBy) worker.cancelJob(jobId);
        server.unregisterJob(jobId);
        await jobFrames?.close();
        await run;
        await decoder?.waitForExit();
        busy.delete(worker);
        pool.release(worker);
        decodeWarnings.push(...(decoder?.decodeErrors ?? []));
        if (finished) {
          const frames = Math.max(framesDone + warmedUp, 1);
          timing = {
            frames: framesDone,
            warmUpFrames: warmedUp,
            inferenceMs: inferMs,
            decoder: mp4 ? 'page' : 'ffmpeg',
            totalMs: lastFrameAt - startedAt,
            wallPerFrameMs: (lastFrameAt - startedAt) / frames,
            decodeCpuPerFrameMs: decodeCpuMs !== undefined ? decodeCpuMs / frames : undefined,
            transferWaitPerFrameMs: waitMs / frames,
            imagePerFrameMs: imageMs / frames,
            inferencePerFrameMs: inferMs / frames,
            setupMs: (firstFrameAt ?? lastFrameAt) - startedAt,
            queuedMs: startedAt - queuedAt,
          };
        }
      }
    };
    return {
      [Symbol.asyncIterator]: () => iterate(),
      get timing() {
        return timing;
      },
      get frameSize() {
        return frameSize;
      },
      decodeWarnings,
    };
  }

  return {
    model,
    workers,
    modelPath,
    stream,
    async extract(path, extractOptions = {}) {
      const frames: ExtractedFrame[] = [];
      const frameStream = stream(path, extractOptions);
      // Header information for the result, read while the frames are being analysed.
      const probing = probeVideo(path, ffmpeg.ffmpeg);
      probing.catch(() => {}); // a failing file fails the stream first, with the decode error
      for await (const frame of frameStream) frames.push(frame);
      const video = await probing;
      return {
        file: path,
        video,
        frameSize: frameStream.frameSize ?? { width: video.width, height: video.height },
        model,
        frames,
        decodeWarnings: frameStream.decodeWarnings,
        timing: frameStream.timing!,
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      const idle = pool.drain();
      await Promise.all([...idle, ...busy].map((worker) => worker.close()));
      await server.close();
    },
  };
}
