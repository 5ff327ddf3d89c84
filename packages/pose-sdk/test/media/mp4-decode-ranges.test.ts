import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeRanges } from '../../src/media/mp4-decode-ranges.js';
import {
  type Mp4Sample,
  presentedFrames,
  readMp4VideoTrack,
} from '../../src/media/mp4-frame-table.js';
import { fixtureVideo } from '../engine/fixtures.js';

/** Samples in decode order; `K` marks a key frame. */
function samples(pattern: string): Mp4Sample[] {
  return [...pattern].map((mark, i) => ({
    offset: i,
    size: 1,
    isKey: mark === 'K',
    ptsTicks: i,
    timestampMs: i,
  }));
}

describe('MP4 decode ranges', () => {
  it('decodes from the key frame before each needed frame up to it, and nothing between', () => {
    const track = samples('KPPPPKPPPPKPPPP');
    expect(decodeRanges(track, [track[3]!, track[12]!])).toEqual([
      { from: 0, to: 3 },
      { from: 10, to: 12 },
    ]);
  });

  it('joins stretches that overlap or touch, and restarts at a later key frame otherwise', () => {
    const track = samples('KPPPPKPPPP');
    expect(decodeRanges(track, [track[7]!, track[2]!, track[6]!])).toEqual([
      { from: 0, to: 2 },
      { from: 5, to: 7 },
    ]);
    expect(decodeRanges(track, [track[1]!, track[3]!])).toEqual([{ from: 0, to: 3 }]);
    expect(decodeRanges(track, [track[4]!, track[5]!])).toEqual([{ from: 0, to: 5 }]);
  });

  it('decodes a track without a key frame before the needed one from its start', () => {
    const track = samples('PPPKP');
    expect(decodeRanges(track, [track[1]!])).toEqual([{ from: 0, to: 1 }]);
  });

  it('covers every reordered frame of a real clip: each needed frame is inside a stretch', () => {
    const track = readMp4VideoTrack(
      new Uint8Array(readFileSync(fixtureVideo('pushup/08-tank-top-side.mp4'))),
    );
    const shown = presentedFrames(track);
    const needed = [shown[40]!, shown[41]!, shown[200]!];
    const ranges = decodeRanges(track.samples, needed);
    for (const sample of needed) {
      const index = track.samples.indexOf(sample);
      expect(ranges.some((range) => range.from <= index && index <= range.to)).toBe(true);
    }
    for (const range of ranges) expect(track.samples[range.from]!.isKey).toBe(true);
    // Only part of the clip is decoded.
    const decoded = ranges.reduce((sum, range) => sum + range.to - range.from + 1, 0);
    expect(decoded).toBeLessThan(track.samples.length);
  });
});
