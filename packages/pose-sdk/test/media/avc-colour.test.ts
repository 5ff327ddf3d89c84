import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { avcColourTags } from '../../src/media/avc-colour.js';
import { Mp4FormatError, readMp4VideoTrack } from '../../src/media/mp4-frame-table.js';

const VIDEOS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../fixtures/videos',
);
const clips = ['pushup', 'squat'].flatMap((exercise) =>
  readdirSync(path.join(VIDEOS, exercise)).map((file) => `${exercise}/${file}`),
);

/** The tags ffmpeg's showinfo reports for a file's first frame ('unknown' left out). */
function ffmpegTags(file: string): Record<string, string> {
  const { stderr } = spawnSync(
    'ffmpeg',
    ['-v', 'info', '-i', file, '-frames:v', '1', '-vf', 'showinfo', '-f', 'null', '-'],
    { encoding: 'utf8' },
  );
  const match = /color_range:(\S+) color_space:(\S+) color_primaries:(\S+) color_trc:(\S+)/.exec(
    stderr,
  );
  if (!match) throw new Error(`showinfo printed no colour tags for ${file}`);
  const [, range, matrix, primaries, transfer] = match;
  return Object.fromEntries(
    Object.entries({ range, matrix, primaries, transfer }).filter(([, v]) => v !== 'unknown'),
  ) as Record<string, string>;
}

describe('avcColourTags', () => {
  it('covers tagged and untagged fixtures', () => {
    expect(clips.length).toBeGreaterThanOrEqual(29);
  });

  it.each(clips)('reads the colour tags ffmpeg reports for %s', (clip) => {
    const file = path.join(VIDEOS, clip);
    const track = readMp4VideoTrack(new Uint8Array(readFileSync(file)));
    expect(avcColourTags(track.description)).toEqual(ffmpegTags(file));
    expect(track.colour).toEqual(ffmpegTags(file));
  });

  it('reads nothing from a record without a sequence parameter set', () => {
    expect(avcColourTags(Uint8Array.from([1, 100, 0, 31, 0xff, 0xe0, 0, 0]))).toEqual({});
  });

  it('reports a sequence parameter set cut short as a corrupt MP4, with a code and a hint', () => {
    // One SPS of 2 bytes: the profile, then nothing where the constraint flags should be.
    const cut = Uint8Array.from([1, 100, 0, 31, 0xff, 0xe1, 0, 2, 0x67, 100]);
    expect(() => avcColourTags(cut)).toThrow(Mp4FormatError);
    expect(() => avcColourTags(cut)).toThrow(
      expect.objectContaining({
        code: 'CORRUPT',
        message: expect.stringMatching(/sequence parameter set, but it ended early/),
        hint: expect.stringMatching(/record or export it again/),
      }),
    );
  });
});
