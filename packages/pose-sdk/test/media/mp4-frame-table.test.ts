import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RepTempleError } from '../../src/core/errors.js';
import {
  Mp4FormatError,
  presentedFrames,
  readMp4VideoTrack,
} from '../../src/media/mp4-frame-table.js';
import { fixtureVideo, FIXTURE_TRACES as TRACES } from '../engine/fixtures.js';

/** Every fixture clip that has a committed trace (extracted by the CLI's ffmpeg path). */
function fixtureClips(): string[] {
  return ['pushup', 'squat'].flatMap((exercise) =>
    readdirSync(path.join(TRACES, exercise))
      .filter((file) => file.endsWith('.ndjson'))
      .map((file) => `${exercise}/${file.replace(/\.ndjson$/, '.mp4')}`),
  );
}

function traceTimestamps(clip: string): number[] {
  const lines = readFileSync(path.join(TRACES, clip.replace(/\.mp4$/, '.ndjson')), 'utf8')
    .split('\n')
    .filter((line) => line.trim());
  return lines.slice(1).map((line) => (JSON.parse(line) as { t: number }).t);
}

describe('MP4 frame table', () => {
  it('covers the fixtures', () => {
    expect(fixtureClips().length).toBeGreaterThanOrEqual(29);
  });

  it.each(fixtureClips())(
    'gives %s exactly the frame times the CLI analysed (its committed trace)',
    (clip) => {
      const track = readMp4VideoTrack(new Uint8Array(readFileSync(fixtureVideo(clip))));
      expect(track.codec).toMatch(/^avc1\.[0-9a-f]{6}$/);
      expect(presentedFrames(track).map((frame) => frame.timestampMs)).toEqual(
        traceTimestamps(clip),
      );
    },
  );

  it('reads the coded size, the key frames and the decoder configuration', () => {
    const track = readMp4VideoTrack(
      new Uint8Array(readFileSync(fixtureVideo('pushup/08-tank-top-side.mp4'))),
    );
    expect(track.codedWidth).toBe(640);
    expect(track.codedHeight).toBe(360);
    expect(track.samples[0]?.isKey).toBe(true);
    expect(track.description[0]).toBe(1); // avcC configurationVersion
    const bytes = readFileSync(fixtureVideo('pushup/08-tank-top-side.mp4'));
    // Each sample starts with a 4-byte NAL length that fits inside the sample.
    for (const sample of track.samples.slice(0, 10)) {
      expect(bytes.readUInt32BE(sample.offset)).toBeLessThanOrEqual(sample.size - 4);
    }
  });

  it('rejects what is not an MP4 with a typed error', () => {
    const notMp4 = new TextEncoder().encode('this is a text file, not a video');
    expect(() => readMp4VideoTrack(notMp4)).toThrow(Mp4FormatError);
    // A RepTempleError like every deliberate SDK error: a code, and a hint saying what to do.
    expect(() => readMp4VideoTrack(notMp4)).toThrow(
      expect.objectContaining({
        code: 'NOT_MP4',
        hint: expect.stringMatching(/reptemple analyze/),
      }),
    );
    expect(() => readMp4VideoTrack(notMp4)).toThrow(RepTempleError);
  });

  it('rejects a truncated file as corrupt', () => {
    const bytes = new Uint8Array(readFileSync(fixtureVideo('pushup/08-tank-top-side.mp4')));
    // Cut inside the moov box wherever it is: keep ftyp and part of the next boxes.
    const truncated = bytes.slice(0, 40);
    expect(() => readMp4VideoTrack(truncated)).toThrow(Mp4FormatError);
  });
});
