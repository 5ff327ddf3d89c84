// Contact sheets need the exact frames of each rep's bottom and top: one ffmpeg pass picks them,
// however many reps a recording has (ffmpeg's expression parser refuses one long expression).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { grabFrames } from '../src/verify/frame-grab.js';

const dir = mkdtempSync(path.join(tmpdir(), 'reptemple-grab-'));
const video = path.join(dir, 'pattern.webm');
execFileSync('ffmpeg', [
  '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=24:duration=10',
  '-c:v', 'libvpx', '-b:v', '200k', video,
]); // biome-ignore format: one command line

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('grabFrames', () => {
  it('returns every wanted frame of a recording with many reps, matched to its time', async () => {
    // 150 moments, as a 75-rep recording asks for (bottom and top of each).
    const wanted = Array.from({ length: 150 }, (_, index) => ((index * 38) / 24) * 1000).filter(
      (t) => t < 10_000,
    );
    const frames = await grabFrames(
      video,
      wanted,
      { width: 160, height: 90 },
      {
        ffmpegPath: 'ffmpeg',
        height: 60,
      },
    );
    expect(frames.size).toBe(new Set(wanted).size);
    for (const t of wanted) {
      const frame = frames.get(t)!;
      expect(Math.abs(frame.t - t)).toBeLessThan(1);
      expect(frame.width).toBe(106);
      expect(frame.rgba.length).toBe(106 * 60 * 4);
    }
  });

  it('reports a file ffmpeg cannot read', async () => {
    await expect(
      grabFrames(
        path.join(dir, 'missing.webm'),
        [0],
        { width: 160, height: 90 },
        {
          ffmpegPath: 'ffmpeg',
          height: 60,
        },
      ),
    ).rejects.toThrow(/ffmpeg could not take frames/);
  });
});
