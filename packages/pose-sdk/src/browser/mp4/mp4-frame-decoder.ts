/// <reference lib="dom" />
/**
 * Decodes every frame of an MP4's video track with WebCodecs, in presentation order, each
 * stamped with the time the CLI gives it. Sequential decoding never skips a frame and costs about
 * a millisecond a frame, unlike seeking a <video> to each frame (a seek restarts decoding at the
 * previous key frame).
 */
import { RepTempleError } from '../../core/errors.js';
import { decodeRanges } from '../../media/mp4-decode-ranges.js';
import { type Mp4VideoTrack, presentedFrames } from '../../media/mp4-frame-table.js';

/** Coded frames handed to the decoder ahead of the one being analysed. */
const DECODE_AHEAD_CHUNKS = 6;
/** Decoded frames kept waiting for analysis; each holds a decoder buffer, so keep it small. */
const MAX_WAITING_FRAMES = 3;

export type FrameDecoderErrorCode = 'CODEC_UNSUPPORTED' | 'DECODE_FAILED';

/** The browser's decoder refused the track or failed on a frame. */
export class FrameDecoderError extends RepTempleError {
  declare readonly code: FrameDecoderErrorCode;

  constructor(code: FrameDecoderErrorCode, message: string) {
    super(code, message, {
      hint:
        code === 'CODEC_UNSUPPORTED'
          ? 'Convert the video to H.264, for example: ffmpeg -i in.mp4 -c:v libx264 out.mp4'
          : 'The file is damaged or uses features this browser cannot decode: export it again, or analyse it with `reptemple analyze`.',
    });
    this.name = 'FrameDecoderError';
  }
}

/** WebCodecs decoder settings for a track (software decoding: the same pixels on every machine). */
export function decoderConfig(track: Mp4VideoTrack): VideoDecoderConfig {
  return {
    codec: track.codec,
    description: track.description,
    codedWidth: track.codedWidth,
    codedHeight: track.codedHeight,
    hardwareAcceleration: 'prefer-software',
  };
}

/** Whether this browser can decode the track with WebCodecs. */
export async function canDecode(track: Mp4VideoTrack): Promise<boolean> {
  if (typeof VideoDecoder === 'undefined') return false;
  try {
    const support = await VideoDecoder.isConfigSupported(decoderConfig(track));
    return support.supported === true;
  } catch {
    // isConfigSupported throws TypeError for a malformed config: that is "not supported" too.
    return false;
  }
}

function chunkTimestampUs(ptsTicks: number, timescale: number): number {
  return Math.round((ptsTicks * 1_000_000) / timescale);
}

/**
 * Calls `onFrame` once per presented frame, in order, and awaits it before asking for more; the
 * frame is closed after `onFrame` returns. Stops early (without error) when `signal` aborts.
 * With `only` (indexes into `presentedFrames(track)`), hands out just those frames, decoding only
 * the stretches they need: from the key frame before each to the frame itself.
 */
export async function decodeMp4Frames(
  bytes: Uint8Array,
  track: Mp4VideoTrack,
  onFrame: (frame: VideoFrame, timestampMs: number, index: number) => void | Promise<void>,
  signal?: AbortSignal,
  only?: readonly number[],
): Promise<number> {
  const presented = presentedFrames(track);
  const handedOut = only === undefined ? presented : only.map((index) => presented[index]!);
  const timestampByUs = new Map<number, number>();
  for (const sample of handedOut)
    timestampByUs.set(chunkTimestampUs(sample.ptsTicks, track.timescale), sample.timestampMs);
  // Decode-order stretches of samples to feed, each starting at a key frame.
  const ranges =
    only === undefined
      ? [{ from: 0, to: track.samples.length - 1 }]
      : decodeRanges(track.samples, handedOut);
  let range = 0;

  const waiting: VideoFrame[] = [];
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  const decoder = new VideoDecoder({
    output(frame) {
      // Frames the edit list cuts before time 0 are references only: decoded, never shown.
      if (timestampByUs.has(frame.timestamp)) waiting.push(frame);
      else frame.close();
      notify();
    },
    error(error) {
      failure = new FrameDecoderError(
        'DECODE_FAILED',
        `Expected to decode the ${track.codec} video, the browser's decoder failed: ${error.message}`,
      );
      notify();
    },
  });
  // A chunk leaving the queue is room for the next one.
  decoder.addEventListener('dequeue', notify);
  decoder.configure(decoderConfig(track));

  const nextEvent = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
    });
  let fed = ranges[0]?.from ?? 0;
  let analysed = 0;
  let flushed: Promise<void> | undefined;
  let flushDone = ranges.length === 0;
  try {
    while (!signal?.aborted) {
      if (failure) throw failure;
      const end = ranges[range] === undefined ? -1 : ranges[range]!.to;
      while (
        fed <= end &&
        decoder.decodeQueueSize < DECODE_AHEAD_CHUNKS &&
        waiting.length < MAX_WAITING_FRAMES
      ) {
        const sample = track.samples[fed]!;
        decoder.decode(
          new EncodedVideoChunk({
            type: sample.isKey ? 'key' : 'delta',
            timestamp: chunkTimestampUs(sample.ptsTicks, track.timescale),
            data: bytes.subarray(sample.offset, sample.offset + sample.size),
          }),
        );
        fed++;
      }
      if (fed > end && !flushed && ranges[range] !== undefined) {
        // The decoder holds back reordered frames until told there are no more chunks (of this
        // stretch: after a flush it takes the next stretch's key frame).
        flushed = decoder.flush().then(
          () => {
            flushDone = true;
            notify();
          },
          (error: Error) => {
            failure ??= new FrameDecoderError('DECODE_FAILED', error.message);
            notify();
          },
        );
      }
      const frame = waiting.shift();
      if (frame) {
        const timestampMs = timestampByUs.get(frame.timestamp)!;
        try {
          await onFrame(frame, timestampMs, analysed);
        } finally {
          frame.close();
        }
        analysed++;
        continue;
      }
      if (flushDone) {
        if (++range >= ranges.length) break;
        fed = ranges[range]!.from;
        flushed = undefined;
        flushDone = false;
        continue;
      }
      await nextEvent();
    }
    if (failure) throw failure;
    return analysed;
  } finally {
    for (const frame of waiting) frame.close();
    if (decoder.state !== 'closed') decoder.close();
  }
}
