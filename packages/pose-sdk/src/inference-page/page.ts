/// <reference lib="dom" />
/**
 * The inference page that headless Chromium loads. It runs the very same pose-sdk/browser code as
 * the web app; Node serves decoded I420 frames to it over loopback HTTP and receives landmarks
 * back as POSTed JSON, both through the page's frame-fetcher worker. Bundled to an IIFE at build time (scripts/build-inference-page.mjs).
 */
import { createPoseDetector, type PoseDetection, type PoseDetector } from '../browser/index.js';
import { videoColorSpace } from '../browser/mp4/colour-space.js';
import { detectMp4Frames } from '../browser/mp4/detect-mp4-frames.js';
import { canDecode, FrameDecoderError } from '../browser/mp4/mp4-frame-decoder.js';
import type { Landmark } from '../core/types.js';
import type { ColourTags } from '../media/avc-colour.js';
import { readMp4VideoTrack } from '../media/mp4-frame-table.js';
import {
  DECODE_FAILED_MARKER,
  decodeFrameRole,
  type FetcherMessage,
  type FetcherRequest,
  FRAME_FETCHER_SCRIPT,
  PAGE_API_GLOBAL,
  type PageApi,
  type PageInitConfig,
  type PageJob,
  type PageJobSummary,
  type WireFrame,
} from './protocol.js';

/** One frame of a run the fetcher delivered: a view into the run's transferred buffer. */
interface FetchedFrame {
  readonly timestampMs: number;
  readonly width: number;
  readonly height: number;
  readonly colorTags: string;
  readonly i420: Uint8Array;
  /** Windowed extraction: a warm-up frame (not reported), and whether tracking resets before it. */
  readonly warmUp: boolean;
  readonly reset: boolean;
}

/**
 * Receives a job's frames from a frame-fetcher worker. Each next() grants the worker one more
 * frame of credit, keeping up to two runs downloaded ahead of the frame being analysed.
 */
class FrameReceiver {
  private readonly ready: FetchedFrame[] = [];
  private ended = false;
  private failure: Error | undefined;
  private waiter: (() => void) | undefined;

  constructor(
    private readonly worker: Worker,
    private readonly jobId: string,
    job: PageJob,
  ) {
    this.worker.onmessage = (event: MessageEvent<FetcherMessage>) => {
      // Late messages of an earlier, cancelled job are dropped.
      if (event.data.jobId === this.jobId) this.deliver(event.data);
    };
    this.worker.onerror = (event) => {
      const reason = event.message || `could not load or run ${FRAME_FETCHER_SCRIPT}`;
      this.deliver({ type: 'error', jobId, message: `frame fetcher worker failed: ${reason}` });
    };
    const start: FetcherRequest = {
      type: 'start',
      jobId,
      job: {
        framesUrl: job.framesUrl,
        framesPerRequest: job.framesPerRequest,
        frameHeaders: job.frameHeaders,
      },
    };
    this.worker.postMessage(start);
  }

  private deliver(message: FetcherMessage): void {
    if (message.type === 'end') this.ended = true;
    else if (message.type === 'error') this.failure ??= new Error(message.message);
    else if (message.type === 'frames') {
      const bytes = message.pixels.byteLength / message.timestampsMs.length;
      message.timestampsMs.forEach((timestampMs, i) => {
        const role = message.roles[i];
        const { role: kind, reset } =
          role === undefined ? { role: 'analyse', reset: false } : decodeFrameRole(role);
        this.ready.push({
          timestampMs,
          width: message.width,
          height: message.height,
          colorTags: message.colorTags,
          i420: new Uint8Array(message.pixels, i * bytes, bytes),
          warmUp: kind === 'warmUp',
          reset,
        });
      });
    }
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }

  /** The next frame, or null after the last one. */
  async next(): Promise<FetchedFrame | null> {
    while (this.ready.length === 0 && !this.ended && !this.failure) {
      await new Promise<void>((resolve) => {
        this.waiter = resolve;
      });
    }
    const frame = this.ready.shift();
    if (frame) {
      const credit: FetcherRequest = { type: 'credit', jobId: this.jobId, frames: 1 };
      this.worker.postMessage(credit);
      return frame;
    }
    if (this.failure) throw this.failure;
    return null;
  }

  close(): void {
    const stop: FetcherRequest = { type: 'stop', jobId: this.jobId };
    this.worker.postMessage(stop);
  }
}

/** The reset in flight, if any: a job must not start detecting while the graph is rebuilt. */
let resetting: Promise<void> | undefined;

/** Resets the detector if a video ran since the last reset; resolves once it is done. */
function resetNow(): Promise<void> {
  if (resetting) return resetting;
  if (!resetPending || !detector) return Promise.resolve();
  resetPending = false;
  resetting = detector.reset().finally(() => {
    resetting = undefined;
  });
  return resetting;
}

/**
 * Resolves in a task of its own, so that the page's event loop runs between two frames. The
 * fetcher's runs of frames and its messages about result POSTs arrive as tasks; a loop that only
 * awaits frames it already holds (microtasks) leaves them queued until it has none left, then
 * pays for the backlog before its next frame (most of which was the result POSTs themselves,
 * since moved to the worker). A MessageChannel, not setTimeout(0), which Chromium clamps to 4 ms
 * after five nested calls.
 */
const turnChannel = new MessageChannel();
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    turnChannel.port1.onmessage = () => resolve();
    turnChannel.port2.postMessage(0);
  });
}

function flatten(landmarks: readonly Landmark[]): number[] {
  const flat: number[] = [];
  for (const l of landmarks) flat.push(l.x, l.y, l.z, l.visibility);
  return flat;
}

let detector: PoseDetector | undefined;
/** One frame-fetcher thread for the page's life: starting a worker per video costs ~50 ms. */
let fetcher: Worker | undefined;
/** A reset owed since the last video; done right after it, off the next video's critical path. */
let resetPending = false;
/** Id of a job Node asked to stop; checked before each frame. */
let cancelledJobId: string | undefined;
/** The MP4 job decoding now, stopped through its signal when Node cancels it. */
let runningMp4: { readonly jobId: string; readonly stop: AbortController } | undefined;

const api: PageApi = {
  async init(config: PageInitConfig) {
    const response = await fetch(config.modelUrl);
    if (!response.ok) throw new Error(`model fetch ${config.modelUrl} failed: ${response.status}`);
    const modelAssetBuffer = new Uint8Array(await response.arrayBuffer());
    detector = await createPoseDetector({
      wasmBaseUrl: config.wasmBaseUrl,
      modelAssetBuffer,
      model: config.model,
    });
    fetcher = new Worker(FRAME_FETCHER_SCRIPT);
  },

  cancel(jobId: string) {
    cancelledJobId = jobId;
    if (runningMp4?.jobId === jobId) runningMp4.stop.abort();
  },

  async run(job: PageJob): Promise<PageJobSummary> {
    if (!detector || !fetcher) throw new Error('run() before init()');
    // Every video starts with fresh tracking and smoothing state, as a new page would have.
    await resetNow();
    if (job.mp4Url !== undefined) return runMp4(detector, fetcher, job, job.mp4Url);
    const reporter = resultReporter(job, fetcher);
    // Frames k+1..k+prefetch download in a worker thread while frame k is analysed here.
    const receiver = new FrameReceiver(fetcher, job.jobId, job);
    let width = 0;
    let height = 0;
    let frames = 0;
    try {
      for (;;) {
        const waitStart = performance.now();
        if (cancelledJobId === job.jobId) break;
        const frame = await receiver.next();
        if (!frame) break;
        const copyStart = performance.now();
        width = frame.width;
        height = frame.height;
        // Chromium turns these I420 samples into RGB exactly as it does for a <video> of the file.
        const colorSpace = videoColorSpace(JSON.parse(frame.colorTags) as ColourTags);
        const image = new VideoFrame(frame.i420, {
          format: 'I420',
          codedWidth: width,
          codedHeight: height,
          timestamp: Math.round(frame.timestampMs * 1000), // µs
          colorSpace,
        });
        const inferStart = performance.now();
        let detection: PoseDetection;
        try {
          // A window of a windowed extraction is tracked afresh (the job's first is already).
          if (frame.reset && frames > 0) await detector.restartTracking();
          detection = detector.detect(image, frame.timestampMs);
        } finally {
          image.close();
        }
        const inferEnd = performance.now();
        resetPending = true;
        frames += 1;
        reporter.add({
          t: frame.timestampMs,
          lm: flatten(detection.landmarks),
          wl: flatten(detection.worldLandmarks),
          waitMs: copyStart - waitStart,
          copyMs: inferStart - copyStart,
          inferMs: inferEnd - inferStart,
          ...(frame.warmUp ? { warmUp: true as const } : {}),
          ...(frame.reset || frames === 1 ? { trackingStart: true as const } : {}),
          ...(frames === 1 ? { size: [width, height] as const } : {}),
        });
        await nextTask();
      }
    } finally {
      receiver.close();
      // Forget this video's person now, while Node wraps up the job, not when the next one starts.
      setTimeout(() => void resetNow(), 0);
    }
    await reporter.flush();
    return { frames, width, height };
  },
};

/**
 * Collects results into batches and has the frame-fetcher worker POST them (in order), so the
 * main thread, which runs inference, does not pay for the requests. flush() sends the last batch
 * and resolves once every batch reached Node, or rejects with the first that could not.
 */
function resultReporter(job: PageJob, worker: Worker) {
  let batch: WireFrame[] = [];
  let sent = 0;
  let posted = 0;
  let failure: Error | undefined;
  let waiter: (() => void) | undefined;
  const wake = () => {
    const resolve = waiter;
    waiter = undefined;
    resolve?.();
  };
  const onMessage = (event: MessageEvent<FetcherMessage>) => {
    const message = event.data;
    if (message.jobId !== job.jobId) return;
    if (message.type === 'results-posted') posted += 1;
    else if (message.type === 'results-failed') failure ??= new Error(message.message);
    else return;
    wake();
  };
  const onError = (event: ErrorEvent) => {
    failure ??= new Error(`frame fetcher worker failed: ${event.message || 'posting results'}`);
    wake();
  };
  worker.addEventListener('message', onMessage);
  worker.addEventListener('error', onError);
  const send = () => {
    const request: FetcherRequest = {
      type: 'results',
      jobId: job.jobId,
      url: job.resultsUrl,
      frames: batch,
    };
    worker.postMessage(request);
    sent += 1;
    batch = [];
  };
  return {
    add(frame: WireFrame) {
      batch.push(frame);
      if (batch.length >= job.batchFrames) send();
    },
    async flush() {
      if (batch.length > 0) send();
      try {
        while (posted < sent && !failure) {
          await new Promise<void>((resolve) => {
            waiter = resolve;
          });
        }
        if (failure) throw failure;
      } finally {
        worker.removeEventListener('message', onMessage);
        worker.removeEventListener('error', onError);
      }
    },
  };
}

/**
 * A job whose H.264 MP4 the page decodes itself, with the browser host's decode-and-detect loop
 * (the web app's own): no decoded frame crosses the loopback, which saves most of the engine's CPU
 * outside inference. Sampling keeps one frame per 1/fps slot and the last frame, as the ffmpeg
 * path does.
 */
async function runMp4(
  poseDetector: PoseDetector,
  worker: Worker,
  job: PageJob,
  mp4Url: string,
): Promise<PageJobSummary> {
  const response = await fetch(mp4Url);
  if (!response.ok) throw new Error(`video fetch failed: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const track = readMp4VideoTrack(bytes);
  if (!(await canDecode(track))) {
    throw new Error(`${DECODE_FAILED_MARKER}the browser cannot decode ${track.codec} video`);
  }
  const reporter = resultReporter(job, worker);
  const stop = new AbortController();
  runningMp4 = { jobId: job.jobId, stop };
  if (cancelledJobId === job.jobId) stop.abort();
  let width = 0;
  let height = 0;
  let reported = 0;
  let frames = 0;
  try {
    frames = await detectMp4Frames(
      bytes,
      track,
      poseDetector,
      (detection, timing) => {
        resetPending = true;
        const first = reported === 0;
        reported++;
        width = detection.frameSize.width;
        height = detection.frameSize.height;
        reporter.add({
          t: detection.timestampMs,
          lm: flatten(detection.landmarks),
          wl: flatten(detection.worldLandmarks),
          waitMs: timing.waitMs,
          copyMs: timing.prepareMs,
          inferMs: timing.detectMs,
          ...(timing.warmUp ? { warmUp: true as const } : {}),
          ...(timing.trackingStart ? { trackingStart: true as const } : {}),
          ...(first ? { size: [width, height] as const } : {}),
        });
      },
      {
        ...(job.fps === undefined ? {} : { fps: job.fps }),
        ...(job.windows === undefined
          ? {}
          : { windows: job.windows, warmUpFrames: job.warmUpFrames ?? 0 }),
        signal: stop.signal,
      },
    );
  } catch (error) {
    if (error instanceof FrameDecoderError)
      throw new Error(`${DECODE_FAILED_MARKER}${error.message}`);
    throw error;
  } finally {
    runningMp4 = undefined;
    setTimeout(() => void resetNow(), 0);
  }
  await reporter.flush();
  return { frames, width, height };
}

(window as unknown as Record<string, PageApi>)[PAGE_API_GLOBAL] = api;
