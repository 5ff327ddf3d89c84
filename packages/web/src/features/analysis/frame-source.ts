/// <reference lib="dom" />
/**
 * Runs the pose detector over every frame of a video file, in order, off the playback path.
 * H.264 MP4/MOV (every fixture, phone and camera files): WebCodecs decodes each frame of the
 * file's sample table, stamped with the CLI's exact times, so the browser analyses exactly the
 * frames `reptemple analyze` analyses. Anything else (WebM recordings, other codecs): a hidden
 * <video> is stepped through the file every FRAME_STEP_S of media time.
 */
import {
  canDecode,
  detectMp4Frames,
  detectVideoFrames,
  Mp4FormatError,
  type PoseDetection,
  type PoseDetector,
  readMp4VideoTrack,
} from '@reptemple/pose-sdk/browser';
import { FRAME_STEP_S } from './constants';
import { DURATION_WORKAROUND, isUsableDuration, needsDurationWorkaround } from './playback';

export type FrameSourceKind = 'webcodecs' | 'seek';

export class VideoSourceError extends Error {
  constructor(
    readonly code: 'FETCH_FAILED' | 'LOAD_FAILED' | 'DURATION_TIMEOUT',
    message: string,
  ) {
    super(message);
    this.name = 'VideoSourceError';
  }
}

/** Lets the page paint and handle input between frames (a macrotask, unclamped, unlike setTimeout). */
export function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

async function fetchBytes(src: string): Promise<Uint8Array> {
  const response = await fetch(src);
  if (!response.ok) {
    throw new VideoSourceError(
      'FETCH_FAILED',
      `Expected the video at ${src}, received HTTP ${response.status}. Choose another video.`,
    );
  }
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Waits until the <video> knows its real duration, applying the spec's workaround when the browser
 * reports an infinite or zero one: wait 500 ms, seek to 999999 s, wait for a usable duration (10 s
 * at most), then go back to the start. Resolves the duration in seconds.
 */
export async function resolveDuration(
  video: HTMLVideoElement,
  signal?: AbortSignal,
): Promise<number> {
  if (video.readyState < HTMLMediaElement.HAVE_METADATA) {
    await new Promise<void>((resolve, reject) => {
      const onError = () =>
        reject(
          new VideoSourceError(
            'LOAD_FAILED',
            `The browser could not load this video: ${video.error?.message || 'unsupported or damaged file'}.`,
          ),
        );
      video.addEventListener('loadedmetadata', () => resolve(), { once: true });
      video.addEventListener('error', onError, { once: true });
    });
  }
  if (!needsDurationWorkaround(video.duration)) return video.duration;
  await new Promise((resolve) => setTimeout(resolve, DURATION_WORKAROUND.delayMs));
  signal?.throwIfAborted();
  const duration = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      video.removeEventListener('durationchange', check);
      reject(new VideoSourceError('DURATION_TIMEOUT', DURATION_WORKAROUND.timeoutMessage));
    }, DURATION_WORKAROUND.timeoutMs);
    function check() {
      if (!isUsableDuration(video.duration)) return;
      clearTimeout(timer);
      video.removeEventListener('durationchange', check);
      resolve(video.duration);
    }
    video.addEventListener('durationchange', check);
    video.currentTime = DURATION_WORKAROUND.seekToS;
    check();
  });
  video.currentTime = 0;
  return duration;
}

export interface FrameSourceResult {
  readonly kind: FrameSourceKind;
  readonly frames: number;
}

/**
 * Detects the pose in every frame of `src`, in order. `onFrameSize` comes once, before the first
 * detection (analysers need the pixel size). Stops quietly when `signal` aborts.
 */
export async function detectEveryFrame(
  src: string,
  detector: PoseDetector,
  callbacks: {
    onFrameSize: (size: { width: number; height: number }, kind: FrameSourceKind) => void;
    onDetection: (detection: PoseDetection) => void;
  },
  signal: AbortSignal,
): Promise<FrameSourceResult> {
  const bytes = await fetchBytes(src);
  signal.throwIfAborted();
  let track: ReturnType<typeof readMp4VideoTrack> | undefined;
  try {
    track = readMp4VideoTrack(bytes);
  } catch (error) {
    // Not an H.264 MP4: the <video> fallback below handles it; anything else is a bug.
    if (!(error instanceof Mp4FormatError)) throw error;
  }
  if (track && (await canDecode(track))) {
    let sized = false;
    // The browser host's decode-and-detect loop, as the CLI's inference page runs it: every frame,
    // turned as displayed and with the colours a <video> assumes, at the CLI's exact times.
    const frames = await detectMp4Frames(
      bytes,
      track,
      detector,
      async (detection) => {
        if (!sized) {
          callbacks.onFrameSize(detection.frameSize, 'webcodecs');
          sized = true;
        }
        callbacks.onDetection(detection);
        await yieldToPage();
      },
      { signal },
    );
    return { kind: 'webcodecs', frames };
  }
  return detectBySeeking(bytes, detector, callbacks, signal);
}

async function detectBySeeking(
  bytes: Uint8Array,
  detector: PoseDetector,
  callbacks: Parameters<typeof detectEveryFrame>[2],
  signal: AbortSignal,
): Promise<FrameSourceResult> {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  // The bytes already fetched, as a blob: seekable everywhere, even without HTTP range support.
  const url = URL.createObjectURL(new Blob([bytes as BlobPart]));
  video.src = url;
  // In the document but invisible: a detached <video> presents no frames, so no frame callback
  // would report a seek as done.
  video.setAttribute('aria-hidden', 'true');
  Object.assign(video.style, {
    position: 'fixed',
    left: '0',
    top: '0',
    width: '2px',
    height: '2px',
    opacity: '0',
    pointerEvents: 'none',
  });
  document.body.append(video);
  try {
    const durationS = await resolveDuration(video, signal);
    if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) {
      await new Promise((resolve) => video.addEventListener('loadeddata', resolve, { once: true }));
    }
    callbacks.onFrameSize({ width: video.videoWidth, height: video.videoHeight }, 'seek');
    const count = Math.floor(durationS / FRAME_STEP_S + 1e-9) + 1;
    const timestampsMs = Array.from({ length: count }, (_, i) => i * FRAME_STEP_S * 1000).filter(
      (t) => t < durationS * 1000,
    );
    let frames = 0;
    try {
      await detectVideoFrames(
        video,
        detector,
        timestampsMs,
        (detection) => {
          callbacks.onDetection(detection);
          frames++;
        },
        signal,
      );
    } catch (error) {
      if (signal.aborted) return { kind: 'seek', frames };
      throw error;
    }
    return { kind: 'seek', frames };
  } finally {
    video.remove();
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
