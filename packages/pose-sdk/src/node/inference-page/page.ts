/// <reference lib="dom" />
/**
 * The inference page that headless Chromium loads. It runs the very same pose-sdk/browser code as
 * the web app; Node streams decoded RGBA frames to it over loopback HTTP and receives landmarks
 * back through a DevTools binding. Bundled to an IIFE at build time (scripts/build-inference-page.mjs).
 */
import { createPoseDetector, type PoseDetector } from '../../browser/index.js';
import type { Landmark } from '../../core/types.js';
import {
  PAGE_API_GLOBAL,
  type PageApi,
  type PageInitConfig,
  type PageJob,
  type PageJobSummary,
  RESULT_BINDING,
  type WireFrame,
} from './protocol.js';

/** Must match FRAME_HEADER_BYTES on the Node side: float64 timestamp (ms), uint32 width, uint32 height. */
const FRAME_HEADER_BYTES = 16;

type ReportFrames = (jobId: string, frames: WireFrame[]) => Promise<void>;

/** Reads exact byte counts from a streamed response body. */
class ExactReader {
  private chunk: Uint8Array = new Uint8Array(0);
  private offset = 0;

  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  /** Fills `target`; returns false at a clean end of stream before the first byte. */
  async readInto(target: Uint8Array): Promise<boolean> {
    let filled = 0;
    while (filled < target.length) {
      if (this.offset >= this.chunk.length) {
        const { done, value } = await this.reader.read();
        if (done) {
          if (filled === 0) return false;
          throw new Error(`frame stream ended inside a frame (${filled}/${target.length} bytes)`);
        }
        this.chunk = value;
        this.offset = 0;
      }
      const take = Math.min(target.length - filled, this.chunk.length - this.offset);
      target.set(this.chunk.subarray(this.offset, this.offset + take), filled);
      filled += take;
      this.offset += take;
    }
    return true;
  }
}

function flatten(landmarks: readonly Landmark[]): number[] {
  const flat: number[] = [];
  for (const l of landmarks) flat.push(l.x, l.y, l.z, l.visibility);
  return flat;
}

let detector: PoseDetector | undefined;
let framesSinceReset = 0;

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
  },

  async run(job: PageJob): Promise<PageJobSummary> {
    if (!detector) throw new Error('run() before init()');
    // Every video starts with fresh tracking and smoothing state, as a new page would have.
    if (framesSinceReset > 0) await detector.reset();
    framesSinceReset = 0;
    const report = (window as unknown as Record<string, ReportFrames>)[RESULT_BINDING];
    if (!report) throw new Error(`binding ${RESULT_BINDING} is missing`);
    const response = await fetch(job.framesUrl);
    if (!response.ok || !response.body) {
      throw new Error(
        `frame stream ${job.framesUrl} failed: ${response.status} ${await response.text()}`,
      );
    }
    const reader = new ExactReader(response.body.getReader());
    const header = new Uint8Array(FRAME_HEADER_BYTES);
    const headerView = new DataView(header.buffer);
    let pixels: Uint8ClampedArray<ArrayBuffer> | undefined;
    let width = 0;
    let height = 0;
    let frames = 0;
    let batch: WireFrame[] = [];
    const pendingReports: Promise<void>[] = [];
    for (;;) {
      const waitStart = performance.now();
      if (!(await reader.readInto(header))) break;
      const timestampMs = headerView.getFloat64(0, true);
      width = headerView.getUint32(8, true);
      height = headerView.getUint32(12, true);
      if (!pixels || pixels.length !== width * height * 4) {
        pixels = new Uint8ClampedArray(width * height * 4);
      }
      if (!(await reader.readInto(new Uint8Array(pixels.buffer)))) {
        throw new Error('frame stream ended after a frame header');
      }
      const copyStart = performance.now();
      const image = new ImageData(pixels, width, height);
      const inferStart = performance.now();
      const detection = detector.detect(image, timestampMs);
      const inferEnd = performance.now();
      framesSinceReset += 1;
      frames += 1;
      batch.push({
        t: timestampMs,
        lm: flatten(detection.landmarks),
        wl: flatten(detection.worldLandmarks),
        waitMs: copyStart - waitStart,
        copyMs: inferStart - copyStart,
        inferMs: inferEnd - inferStart,
      });
      if (batch.length >= job.batchFrames) {
        pendingReports.push(report(job.jobId, batch));
        batch = [];
      }
    }
    if (batch.length > 0) pendingReports.push(report(job.jobId, batch));
    await Promise.all(pendingReports);
    return { frames, width, height };
  },
};

(window as unknown as Record<string, PageApi>)[PAGE_API_GLOBAL] = api;
