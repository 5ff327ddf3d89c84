/// <reference lib="webworker" />
/**
 * Web Worker of the inference page that downloads frames from the loopback server while the page's
 * main thread runs inference, so transfer overlaps inference instead of adding to it. Runs of
 * frames are handed over as transferred ArrayBuffers (no copy). Flow control: the main thread
 * grants one credit per frame it consumes; the worker fetches a run only when it has credit for
 * it, so at most two runs wait ahead of inference.
 */
import type { FetcherMessage, FetcherRequest, FrameFetchJob } from './protocol.js';

declare const self: DedicatedWorkerGlobalScope;

let credits = 0;
let wakeFetcher: (() => void) | undefined;

function post(message: FetcherMessage, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

async function fetchFrames(job: FrameFetchJob): Promise<void> {
  const run = job.framesPerRequest;
  credits = 2 * run;
  for (let index = 0; ; ) {
    while (credits < run) {
      await new Promise<void>((resolve) => {
        wakeFetcher = resolve;
      });
    }
    credits -= run;
    const response = await fetch(`${job.framesUrl}/${index}?count=${run}`);
    if (response.status === 204) {
      post({ type: 'end' });
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
  if (request.type === 'credit') {
    credits += request.frames;
    const wake = wakeFetcher;
    wakeFetcher = undefined;
    wake?.();
    return;
  }
  fetchFrames(request.job).catch((error: unknown) => {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  });
};
