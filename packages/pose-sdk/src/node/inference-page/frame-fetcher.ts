/// <reference lib="webworker" />
/**
 * Web Worker of the inference page that downloads frames from the loopback server while the page's
 * main thread runs inference, so transfer overlaps inference instead of adding to it. Frames are
 * handed over as transferred ArrayBuffers (no copy). Flow control: the main thread grants one
 * credit per frame it consumes; the worker never holds more than the granted frames.
 */
import type { FetcherMessage, FetcherRequest, FrameFetchJob } from './protocol.js';

declare const self: DedicatedWorkerGlobalScope;

let credits = 0;
let wakeFetcher: (() => void) | undefined;

function post(message: FetcherMessage, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

async function fetchFrames(job: FrameFetchJob): Promise<void> {
  for (let index = 0; ; index++) {
    while (credits === 0) {
      await new Promise<void>((resolve) => {
        wakeFetcher = resolve;
      });
    }
    credits -= 1;
    const response = await fetch(`${job.framesUrl}/${index}`);
    if (response.status === 204) {
      post({ type: 'end' });
      return;
    }
    if (!response.ok) {
      throw new Error(`frame ${index}: HTTP ${response.status} ${await response.text()}`);
    }
    const header = (name: string) => Number(response.headers.get(name));
    const pixels = await response.arrayBuffer();
    post(
      {
        type: 'frame',
        timestampMs: header(job.frameHeaders.timestampMs),
        width: header(job.frameHeaders.width),
        height: header(job.frameHeaders.height),
        colorTags: response.headers.get(job.frameHeaders.colorTags) ?? '{}',
        pixels,
      },
      [pixels],
    );
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
  credits = request.initialCredits;
  fetchFrames(request.job).catch((error: unknown) => {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  });
};
