import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../src/context.js';
import { AnalysisSession } from '../src/core/session.js';
import { cacheEntryPath, sha256File } from '../src/core/video-frames.js';

const repo = resolve(import.meta.dirname, '../../..');
const video = join(repo, 'fixtures/videos/pushup/30-dark-background-blue-shirt.mp4');
const trace = join(repo, 'fixtures/traces/pushup/30-dark-background-blue-shirt.ndjson');
const scratch = mkdtempSync(join(tmpdir(), 'reptemple-session-'));

const context: CommandContext = {
  stdout: () => {},
  stderr: () => {},
  stderrIsTTY: false,
  stderrColumns: 80,
  signal: new AbortController().signal,
  cwd: scratch,
  env: {},
};

function session(
  cacheDir: string | null,
  onEngineStarting?: (workers: number) => void,
): AnalysisSession {
  return new AnalysisSession(context, {
    model: 'full',
    fps: undefined,
    jobs: 4,
    cacheDir,
    onEngineStarting,
  });
}

describe('pose workers started for a batch', () => {
  it('one for one video to extract, even with --jobs 4, announced before the start-up', async () => {
    const announced: number[] = [];
    const run = session(null, (workers) => announced.push(workers));
    try {
      await run.workloads([video]);
      expect(run.plannedWorkers).toBe(1);
      const engine = run.engine();
      expect(announced).toEqual([1]); // told before the seconds of Chromium start-up
      expect((await engine).workers).toBe(1);
    } finally {
      await run.close();
    }
  });

  it('none when every input is a trace or already cached', async () => {
    const cacheDir = join(scratch, 'cache');
    mkdirSync(cacheDir, { recursive: true });
    copyFileSync(trace, cacheEntryPath(cacheDir, await sha256File(video), 'full', undefined));
    const run = session(cacheDir);
    await run.workloads([trace, video]);
    expect(run.plannedWorkers).toBe(0);
    const source = await run.frames(video);
    expect(source.fromCache).toBe(true);
    await run.close();
  });
});
