import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoseEngine } from '../../src/node/index.js';
import { fixtureVideo, landmarkDifference, SHORT_FIXTURE, startEnginePair } from './fixtures.js';

// The engine lets the inference page decode H.264 MP4s itself (WebCodecs, as the web app does)
// and decodes everything else with ffmpeg. Both must give the very same frames and landmarks.

const work = mkdtempSync(join(tmpdir(), 'reptemple-page-decoding-'));
let viaPage: PoseEngine;
let viaFfmpeg: PoseEngine;

/** A copy of a clip with a display rotation in its track header (not re-encoded). */
function rotatedCopy(clip: string, tag: number): string {
  const file = join(work, `rotated-${tag}.mp4`);
  execFileSync(
    'ffmpeg',
    ['-v', 'error', '-y', '-i', fixtureVideo(clip), '-c', 'copy'].concat([
      '-metadata:s:v:0',
      `rotate=${tag}`,
      file,
    ]),
  );
  return file;
}

beforeAll(async () => {
  ({ viaPage, viaFfmpeg } = await startEnginePair());
}, 120_000);

afterAll(async () => {
  await Promise.all([viaPage?.close(), viaFfmpeg?.close()]);
  rmSync(work, { recursive: true, force: true });
});

describe('decoding in the inference page', () => {
  // A BT.709-tagged clip, an untagged one (Chromium's decoder would pick other colours than a
  // <video> assumes) and a rotated one (the page turns frames as ffmpeg does), sampled to 10 fps
  // to keep the run short: sampling also keeps the last frame on both paths.
  it.each([
    [SHORT_FIXTURE, undefined],
    ['squat/05-woman-side-arms-forward.mp4', 10],
    ['rotated', 10],
  ] as const)(
    'gives %s the same frames and landmarks as ffmpeg (fps %s)',
    async (clip, fps) => {
      const path = clip === 'rotated' ? rotatedCopy(SHORT_FIXTURE, 90) : fixtureVideo(clip);
      const options = fps === undefined ? {} : { fps };
      const [page, ffmpeg] = await Promise.all([
        viaPage.extract(path, options),
        viaFfmpeg.extract(path, options),
      ]);
      // The page path reports no ffmpeg CPU: that is how it shows it decoded the file itself.
      expect(page.timing.decodeCpuPerFrameMs).toBeUndefined();
      expect(ffmpeg.timing.decodeCpuPerFrameMs).toBeDefined();
      expect(page.frameSize).toEqual(ffmpeg.frameSize);
      expect(page.frames.map((frame) => frame.timestampMs)).toEqual(
        ffmpeg.frames.map((frame) => frame.timestampMs),
      );
      expect(page.frames.length).toBeGreaterThan(20);
      expect(landmarkDifference(page, ffmpeg).px).toBe(0);
    },
    120_000,
  );

  it('still sends other containers through ffmpeg', async () => {
    const webm = join(work, 'clip.webm');
    execFileSync(
      'ffmpeg',
      ['-v', 'error', '-y', '-i', fixtureVideo(SHORT_FIXTURE), '-t', '1'].concat([
        '-c:v',
        'libvpx',
        '-an',
        webm,
      ]),
    );
    const result = await viaPage.extract(webm);
    expect(result.timing.decoder).toBe('ffmpeg');
    expect(result.frames.length).toBeGreaterThanOrEqual(29);
  }, 120_000);
});
