/// <reference lib="dom" />
/**
 * Test page for the browser path: a real `<video>` element, stepped frame by frame through given
 * media times, analysed with pose-sdk/browser exactly as the web app would. Bundled by the test.
 */
import { createPoseDetector, detectVideoFrames } from '../../src/browser/index.js';

interface BrowserPathRequest {
  readonly videoUrl: string;
  readonly wasmBaseUrl: string;
  readonly modelUrl: string;
  readonly timestampsMs: readonly number[];
}

interface BrowserPathFrame {
  readonly t: number;
  /** Media time (ms) of the frame the video actually presented. */
  readonly presentedMs: number;
  readonly lm: number[];
}

async function analyseVideoElement(request: BrowserPathRequest): Promise<BrowserPathFrame[]> {
  const detector = await createPoseDetector({
    wasmBaseUrl: request.wasmBaseUrl,
    modelAssetUrl: request.modelUrl,
  });
  // A blob URL makes the whole file seekable without HTTP range support.
  const blob = await (await fetch(request.videoUrl)).blob();
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.src = URL.createObjectURL(blob);
  document.body.append(video);
  await new Promise<void>((resolve, reject) => {
    video.addEventListener('loadeddata', () => resolve(), { once: true });
    video.addEventListener(
      'error',
      () => reject(new Error(`video error ${video.error?.message}`)),
      {
        once: true,
      },
    );
  });
  const frames: BrowserPathFrame[] = [];
  let presentedMs = Number.NaN;
  video.requestVideoFrameCallback(function track(_now, metadata) {
    presentedMs = metadata.mediaTime * 1000;
    video.requestVideoFrameCallback(track);
  });
  await detectVideoFrames(video, detector, request.timestampsMs, (detection) => {
    const lm: number[] = [];
    for (const l of detection.landmarks) lm.push(l.x, l.y, l.z, l.visibility);
    frames.push({ t: detection.timestampMs, presentedMs, lm });
  });
  detector.close();
  return frames;
}

(globalThis as unknown as Record<string, unknown>).analyseVideoElement = analyseVideoElement;
