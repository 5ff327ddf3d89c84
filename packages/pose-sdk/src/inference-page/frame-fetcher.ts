/// <reference lib="webworker" />
/**
 * Web Worker of the inference page that does the page's loopback traffic while its main thread
 * runs inference, so transfer overlaps inference instead of adding to it. It downloads frames:
 * runs of frames are handed over as transferred ArrayBuffers (no copy). Flow control: the main
 * thread grants one credit per frame it consumes; the worker fetches a run only when it has credit
 * for it, so at most two runs wait ahead of inference. One worker serves the page's jobs in turn.
 * And it POSTs the result batches, in order: made from the main thread, each POST held it 15-45 ms
 * (one-minute clip, full model: ~5 s of 80 s, time every next frame waited for).
 */
import type { FetcherMessage, FetcherRequest, FrameFetchJob, WireFrame } from './protocol.js';

declare const self: DedicatedWorkerGlobalScope;

/** The job being fetched; a new start or a stop ends the previous one's loop. */
let currentJobId: string | undefined;
let credits = 0;
let wakeFetcher: (() => void) | undefined;

function wake(): void {
  const waiter = wakeFetcher;
  wakeFetcher = undefined;
  waiter?.();
}

function post(message: FetcherMessage, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

async function fetchFrames(jobId: string, job: FrameFetchJob): Promise<void> {
  const run = job.framesPerRequest;
  credits = 2 * run;
  for (let index = 0; ; ) {
    while (credits < run && currentJobId === jobId) {
      await new Promise<void>((resolve) => {
        wakeFetcher = resolve;
      });
    }
    if (currentJobId !== jobId) return;
    credits -= run;
    const response = await fetch(`${job.framesUrl}/${index}?count=${run}`);
    if (currentJobId !== jobId) return;
    if (response.status === 204) {
      post({ type: 'end', jobId });
      return;
    }
    if (!response.ok) {
      throw new Error(`frames ${index}+: HTTP ${response.status} ${await response.text()}`);
    }
    const timestampsMs = (response.headers.get(job.frameHeaders.timestampMs) ?? '')
      .split(',')
      .map(Number);
    const pixels = await response.arrayBuffer();
    post(
      {
        type: 'frames',
        jobId,
        timestampsMs,
        width: Number(response.headers.get(job.frameHeaders.width)),
        height: Number(response.headers.get(job.frameHeaders.height)),
        colorTags: response.headers.get(job.frameHeaders.colorTags) ?? '{}',
        roles: response.headers.get(job.frameHeaders.roles)?.split(',') ?? [],
        pixels,
      },
      [pixels],
    );
    index += timestampsMs.length;
    // A short run means the decoder reached the end: give back the unused credit.
    credits += run - timestampsMs.length;
  }
}

/** Result POSTs, one after another so Node receives the batches in order. */
let resultPosts: Promise<void> = Promise.resolve();
/** Jobs a batch of which could not be posted: their later batches would leave a gap, so they go. */
const failedResultJobs = new Set<string>();

function postResults(jobId: string, url: string, frames: readonly WireFrame[]): void {
  resultPosts = resultPosts.then(async () => {
    if (failedResultJobs.has(jobId)) return;
    try {
      const response = await fetch(url, { method: 'POST', body: JSON.stringify(frames) });
      if (!response.ok) throw new Error(`posting results failed: HTTP ${response.status}`);
      post({ type: 'results-posted', jobId });
    } catch (error) {
      failedResultJobs.add(jobId);
      const message = error instanceof Error ? error.message : String(error);
      post({ type: 'results-failed', jobId, message });
    }
  });
}

self.onmessage = (event: MessageEvent<FetcherRequest>) => {
  const request = event.data;
  if (request.type === 'results') {
    // Any job's, frame or MP4, running or just stopped: results do not depend on the frame loop.
    postResults(request.jobId, request.url, request.frames);
    return;
  }
  if (request.type === 'start') {
    currentJobId = request.jobId;
    wake(); // a loop of an earlier job still waiting for credit ends now
    fetchFrames(request.jobId, request.job).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      post({ type: 'error', jobId: request.jobId, message });
    });
    return;
  }
  if (request.jobId !== currentJobId) return;
  if (request.type === 'stop') currentJobId = undefined;
  else credits += request.frames;
  wake();
};
