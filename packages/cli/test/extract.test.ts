import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reptemple } from './support.js';

const repo = resolve(import.meta.dirname, '../../..');
const fixtureTrace = join(repo, 'fixtures/traces/pushup/30-dark-background-blue-shirt.ndjson');
const scratch = mkdtempSync(join(tmpdir(), 'reptemple-extract-'));

describe('reptemple extract refuses, before any work, to lose or overwrite a file', () => {
  it('refuses a trace as input (its trace would overwrite it) and leaves it untouched (exit 2)', async () => {
    const clip = join(scratch, 'clip.ndjson');
    copyFileSync(fixtureTrace, clip);
    const before = readFileSync(clip, 'utf8');
    const result = await reptemple(['extract', clip, '--fps', '5', '--no-cache']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`extract reads videos, but received trace ${clip}`);
    expect(result.stderr).toContain('reptemple analyze <trace> --fps <n>');
    expect(readFileSync(clip, 'utf8')).toBe(before);
  });

  it('refuses two videos that would write the same trace, naming both (exit 2)', async () => {
    for (const folder of ['d1', 'd2']) {
      mkdirSync(join(scratch, folder), { recursive: true });
      writeFileSync(join(scratch, folder, 'x.mp4'), 'not looked at: refused before any work\n');
    }
    const result = await reptemple(['extract', 'd1/x.mp4', 'd2/x.mp4', '--out', 'same'], {
      cwd: scratch,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `${join(scratch, 'd1/x.mp4')} and ${join(scratch, 'd2/x.mp4')} -> ${join(scratch, 'same/x.ndjson')}`,
    );
    expect(result.stdout).toBe('');
  });

  it('refuses --out that is a file (exit 2), instead of failing every row', async () => {
    const file = join(scratch, 'afile');
    writeFileSync(file, 'a file, not a folder\n');
    const result = await reptemple(['extract', join(scratch, 'd1/x.mp4'), '--out', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`expected --out to be a folder for the traces, but ${file}`);
  });

  it('says how many videos finished when interrupted, like analyze', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await reptemple(['extract', join(scratch, 'd1/x.mp4'), '--no-cache'], {
      signal: controller.signal,
    });
    expect(result.code).toBe(130);
    expect(result.stderr).toContain('interrupted: 0 of 1 videos finished and shown above');
  });
});
