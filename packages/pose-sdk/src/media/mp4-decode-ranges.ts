/**
 * Which coded frames of an MP4 track must be decoded to show some of its frames: each shown frame
 * needs the frames from the key frame before it (in decode order) up to itself. Pure.
 */
import type { Mp4Sample } from './mp4-frame-table.js';

/** A stretch of samples, by index in decode order, both ends included; `from` is a key frame. */
export interface DecodeRange {
  readonly from: number;
  readonly to: number;
}

/**
 * The stretches of `samples` (decode order) to decode, in order, so that every sample of `needed`
 * is decoded: from the key frame at or before each to the sample itself, stretches that overlap or
 * touch joined. Between stretches nothing is decoded. A track without a key frame before a needed
 * sample (a damaged file) is decoded from its start.
 */
export function decodeRanges(
  samples: readonly Mp4Sample[],
  needed: readonly Mp4Sample[],
): DecodeRange[] {
  const decodeIndex = new Map<Mp4Sample, number>();
  for (const [index, sample] of samples.entries()) decodeIndex.set(sample, index);
  const indexes = needed
    .map((sample) => {
      const index = decodeIndex.get(sample);
      if (index === undefined) throw new RangeError('a needed sample is not in the track');
      return index;
    })
    .sort((a, b) => a - b);
  const ranges: { from: number; to: number }[] = [];
  for (const index of indexes) {
    let key = index;
    while (key > 0 && !samples[key]!.isKey) key--;
    const last = ranges[ranges.length - 1];
    if (last && key <= last.to + 1) last.to = Math.max(last.to, index);
    else ranges.push({ from: key, to: index });
  }
  return ranges;
}
