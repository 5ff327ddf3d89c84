/// <reference lib="dom" />
/**
 * A decoded MP4 frame made into exactly the image the CLI analyses for the same file: turned as it
 * is displayed, and with the colour matrix Chromium's `<video>` assumes when the file names none.
 */

import type { Mp4VideoTrack } from '../../media/mp4-frame-table.js';
import { i420Size, rotateI420 } from '../../media/rotate-i420.js';
import { videoColorSpace } from './colour-space.js';
import { FrameDecoderError } from './mp4-frame-decoder.js';

/** Whether a decoded frame already carries the colour space the CLI's frames get. */
function sameColourSpace(actual: VideoColorSpaceInit, wanted: VideoColorSpaceInit): boolean {
  return (
    (actual.matrix ?? null) === (wanted.matrix ?? null) &&
    (actual.fullRange ?? false) === (wanted.fullRange ?? false) &&
    (actual.primaries ?? null) === (wanted.primaries ?? null) &&
    (actual.transfer ?? null) === (wanted.transfer ?? null)
  );
}

/**
 * The frame to detect on: `frame` itself when it is upright and carries the colour space the
 * CLI's frames get (the stream's own tags, with Chromium's `<video>` defaults where it names
 * none: a decoder fills in others), else a new I420 frame, turned by the track's rotation as
 * ffmpeg turns it and tagged so, that the caller must close. Costs one copy of the frame
 * (~0.35 MB at 640x360) when it applies.
 */
export async function analysedFrame(frame: VideoFrame, track: Mp4VideoTrack): Promise<VideoFrame> {
  const rotation = track.rotation;
  const wanted = videoColorSpace(track.colour);
  if (rotation === 0 && sameColourSpace(frame.colorSpace.toJSON(), wanted)) return frame;
  if (frame.format !== 'I420') {
    throw new FrameDecoderError(
      'CODEC_UNSUPPORTED',
      `Expected the decoder to give I420 frames, received ${frame.format}. Re-encode the video as 8-bit 4:2:0 H.264.`,
    );
  }
  const width = frame.visibleRect?.width ?? frame.displayWidth;
  const height = frame.visibleRect?.height ?? frame.displayHeight;
  const data = new Uint8Array(i420Size(width, height));
  // The default copy is the visible rectangle with the planes packed tightly: i420Size bytes.
  if (frame.allocationSize() !== data.length) {
    throw new FrameDecoderError(
      'DECODE_FAILED',
      `Expected ${data.length} bytes for a ${width}x${height} I420 frame, the decoder has ${frame.allocationSize()}.`,
    );
  }
  await frame.copyTo(data);
  const turned = rotateI420({ data, width, height }, rotation);
  return new VideoFrame(turned.data, {
    format: 'I420',
    codedWidth: turned.width,
    codedHeight: turned.height,
    timestamp: frame.timestamp,
    colorSpace: wanted,
  });
}
