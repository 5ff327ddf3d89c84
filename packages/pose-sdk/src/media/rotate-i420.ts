/**
 * Turns an I420 frame by a multiple of 90 degrees clockwise, plane by plane, exactly as ffmpeg's
 * CLI turns a rotated video's frames (transpose or flips: every sample moved, none recomputed), so
 * the browser analyses the same pixels as `reptemple analyze`. Pure: bytes in, bytes out.
 */
import { RepTempleError } from '../core/errors.js';
import type { Mp4Rotation } from './mp4-frame-table.js';

export interface I420Image {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** Bytes of an I420 frame: a full-size Y plane and two half-size (rounded up) chroma planes. */
export function i420Size(width: number, height: number): number {
  return width * height + 2 * Math.ceil(width / 2) * Math.ceil(height / 2);
}

function rotatePlane(
  source: Uint8Array,
  sourceOffset: number,
  width: number,
  height: number,
  target: Uint8Array,
  targetOffset: number,
  rotation: Mp4Rotation,
): void {
  for (let y = 0; y < height; y++) {
    const row = sourceOffset + y * width;
    for (let x = 0; x < width; x++) {
      let index: number;
      if (rotation === 90) index = x * height + (height - 1 - y);
      else if (rotation === 180) index = (height - 1 - y) * width + (width - 1 - x);
      else if (rotation === 270) index = (width - 1 - x) * height + y;
      else index = y * width + x;
      target[targetOffset + index] = source[row + x]!;
    }
  }
}

export function rotateI420(image: I420Image, rotation: Mp4Rotation): I420Image {
  const { data, width, height } = image;
  if (data.length < i420Size(width, height)) {
    throw new RepTempleError(
      'IMAGE_INVALID',
      `Expected ${i420Size(width, height)} bytes of I420 for ${width}x${height}, received ${data.length}.`,
      {
        hint: 'Pass the whole frame: Y, then U, then V planes, each chroma plane ceil(w/2) x ceil(h/2).',
      },
    );
  }
  if (rotation === 0) return image;
  const quarter = rotation === 90 || rotation === 270;
  const chromaWidth = Math.ceil(width / 2);
  const chromaHeight = Math.ceil(height / 2);
  const lumaBytes = width * height;
  const chromaBytes = chromaWidth * chromaHeight;
  const target = new Uint8Array(lumaBytes + 2 * chromaBytes);
  rotatePlane(data, 0, width, height, target, 0, rotation);
  rotatePlane(data, lumaBytes, chromaWidth, chromaHeight, target, lumaBytes, rotation);
  rotatePlane(
    data,
    lumaBytes + chromaBytes,
    chromaWidth,
    chromaHeight,
    target,
    lumaBytes + chromaBytes,
    rotation,
  );
  return { data: target, width: quarter ? height : width, height: quarter ? width : height };
}
