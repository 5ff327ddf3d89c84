/// <reference lib="webworker" />
/**
 * Web Worker of the inference page that downloads frames from the loopback server while the page's
 * main thread runs inference, so transfer overlaps inference instead of adding to it. Runs of
 * frames are handed over as transferred ArrayBuffers (no copy). Flow control: the main thread
 * grants one credit per frame it consumes; the worker fetches a run only when it has credit for
 * it, so at most two runs wait ahead of inference. One worker serves the page's jobs in turn.
 */
import type { FetcherMessage, FetcherRequest, FrameFetchJob } from './protocol.js';

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
        pixels,
      },
      [pixels],
    );
    index += timestampsMs.length;
    // A short run means the decoder reached the end: give back the unused credit.
    credits += run - timestampsMs.length;
  }
}

self.onmessage = (event: MessageEvent<FetcherRequest>) => {
  const request = event.data;
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
