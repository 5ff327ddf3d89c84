import { readFileSync, statSync } from 'node:fs';
import { sampleFrames } from '../core/sampling/frame-sampler.js';
import { type FrameWindow, windowFramesOf } from '../media/frame-windows.js';
import {
  Mp4FormatError,
  type Mp4VideoTrack,
  presentedFrames,
  readMp4VideoTrack,
} from '../media/mp4-frame-table.js';
import { MAX_PAGE_DECODED_BYTES, PAGE_DECODED_H264_PROFILES } from './engine-settings.js';

/** Which frames an extraction analyses: sampled to `fps`, or those of `windows` (ExtractOptions). */
export interface Mp4FrameChoice {
  readonly fps: number | undefined;
  readonly windows: readonly FrameWindow[] | undefined;
  readonly warmUpFrames: number;
}

/** An H.264 MP4 the inference page decodes itself: its bytes and how many frames it will analyse. */
export interface Mp4Plan {
  readonly bytes: Buffer;
  readonly framesExpected: number;
}

/**
 * Whether the inference page can decode this file itself with WebCodecs, as the web app does:
 * an H.264 MP4/MOV with a complete sample table and a profile Chromium decodes in software (the
 * page turns rotated frames as ffmpeg does). Anything else (other containers or codecs, truncated
 * or very large files) returns null and goes through ffmpeg, which also reports damaged files
 * precisely.
 */
export function planMp4(path: string, frames: Mp4FrameChoice): Mp4Plan | null {
  let bytes: Buffer;
  try {
    if (statSync(path).size > MAX_PAGE_DECODED_BYTES) return null;
    bytes = readFileSync(path);
  } catch {
    return null; // unreadable: ffmpeg's path reports why, with the file's name
  }
  let track: Mp4VideoTrack;
  try {
    track = readMp4VideoTrack(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    if (error instanceof Mp4FormatError || error instanceof RangeError) return null;
    throw error;
  }
  if (!PAGE_DECODED_H264_PROFILES.includes(track.description[1] ?? -1)) return null;
  if (track.samples.some((sample) => sample.offset + sample.size > bytes.length)) return null;
  const presented = presentedFrames(track);
  if (presented.length === 0) return null;
  const { fps, windows } = frames;
  const framesExpected =
    windows !== undefined
      ? windowFramesOf(
          presented.map((frame) => frame.timestampMs),
          windows,
          frames.warmUpFrames,
        ).filter((frame) => frame.role === 'analyse').length
      : fps === undefined
        ? presented.length
        : sampleFrames(presented, fps).length;
  return { bytes, framesExpected };
}
