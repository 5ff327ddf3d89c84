import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readMp4VideoTrack } from '../../src/media/mp4-frame-table.js';
import { i420Size, rotateI420 } from '../../src/media/rotate-i420.js';
import { fixtureVideo, SHORT_FIXTURE } from '../engine/fixtures.js';

const CLIP = fixtureVideo(SHORT_FIXTURE);
const work = mkdtempSync(path.join(tmpdir(), 'reptemple-rotate-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The clip with a display rotation written into its track header (`rotate` tag), not re-encoded. */
function rotatedCopy(tag: number): string {
  const file = path.join(work, `rotate-${tag}.mp4`);
  execFileSync(
    'ffmpeg',
    ['-v', 'error', '-y', '-i', CLIP, '-c', 'copy'].concat([
      '-metadata:s:v:0',
      `rotate=${tag}`,
      file,
    ]),
  );
  return file;
}

/** The first frame as I420, turned for display by ffmpeg (as the CLI decodes) or as coded. */
function firstFrame(file: string, autorotate: boolean): Buffer {
  return execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      ...(autorotate ? [] : ['-noautorotate']),
      '-i',
      file,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'yuv420p',
      'pipe:1',
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
}

describe('rotated MP4 frames', () => {
  it.each([90, 180, 270])(
    'turns the coded frame of a rotate=%i clip into exactly the frame ffmpeg shows the CLI',
    (tag) => {
      const file = rotatedCopy(tag);
      const track = readMp4VideoTrack(new Uint8Array(readFileSync(file)));
      expect(track.rotation).not.toBe(0);
      const coded = firstFrame(file, false);
      const turned = rotateI420(
        { data: new Uint8Array(coded), width: 640, height: 360 },
        track.rotation,
      );
      const quarter = track.rotation === 90 || track.rotation === 270;
      expect([turned.width, turned.height]).toEqual(quarter ? [360, 640] : [640, 360]);
      expect(Buffer.compare(Buffer.from(turned.data), firstFrame(file, true))).toBe(0);
    },
  );

  it('reads no rotation from the fixture clips', () => {
    expect(readMp4VideoTrack(new Uint8Array(readFileSync(CLIP))).rotation).toBe(0);
  });

  it('keeps odd sizes whole: chroma planes round up', () => {
    // 3x2 luma, 2x1 chroma: Y 0..5, U 6..7, V 8..9.
    const data = Uint8Array.from({ length: i420Size(3, 2) }, (_, i) => i);
    expect(i420Size(3, 2)).toBe(10);
    const turned = rotateI420({ data, width: 3, height: 2 }, 90);
    expect([turned.width, turned.height]).toEqual([2, 3]);
    // Clockwise: the bottom-left sample comes first.
    expect([...turned.data]).toEqual([3, 0, 4, 1, 5, 2, 6, 7, 8, 9]);
    expect(() => rotateI420({ data: data.subarray(0, 9), width: 3, height: 2 }, 90)).toThrow(
      expect.objectContaining({
        code: 'IMAGE_INVALID',
        message: expect.stringMatching(/Expected 10 bytes/),
      }),
    );
  });
});
