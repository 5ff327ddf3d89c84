import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheEntryPath, sha256File } from '../src/core/video-frames.js';
import { Interruption } from '../src/errors.js';
import { reptemple } from './support.js';

const repo = resolve(import.meta.dirname, '../../..');
const video = join(repo, 'fixtures/videos/pushup/30-dark-background-blue-shirt.mp4');
const trace = join(repo, 'fixtures/traces/pushup/30-dark-background-blue-shirt.ndjson');
const scratch = mkdtempSync(join(tmpdir(), 'reptemple-video-'));

describe('reptemple analyze on real videos, end to end', () => {
  it('counts a video the same as replaying its committed trace, and reports a corrupt file in its row', async () => {
    const corrupt = join(scratch, 'not-a-video.mp4');
    writeFileSync(corrupt, 'this is text, not a video\n');
    const result = await reptemple([
      'analyze',
      video,
      corrupt,
      '--json',
      '--no-cache',
      '--jobs',
      '1',
    ]);
    expect(result.code).toBe(1);
    const [fromVideo, fromCorrupt] = JSON.parse(result.stdout);
    expect(fromCorrupt.error).toMatch(/^VIDEO_DECODE_FAILED: /);
    expect(fromVideo.error).toBeNull();
    const replay = JSON.parse((await reptemple(['analyze', trace, '--json'])).stdout)[0];
    expect(fromVideo.valid_reps + fromVideo.invalid_reps).toBe(2); // hand-counted
    expect([fromVideo.valid_reps, fromVideo.invalid_reps]).toEqual([
      replay.valid_reps,
      replay.invalid_reps,
    ]);
    expect(fromVideo.frames).toBe(replay.frames);
  });

  it('uses the cache the second time: same result, from the trace cached by content', async () => {
    const cacheDir = join(scratch, 'cache');
    const first = await reptemple(['extract', video, '--out', scratch, '--cache-dir', cacheDir]);
    expect(first.code).toBe(0);
    const second = await reptemple(['extract', video, '--out', scratch, '--cache-dir', cacheDir]);
    expect(second.stdout).toContain('from cache');
  });

  it('names the file at hand as the trace source when its content came from the cache', async () => {
    const cacheDir = join(scratch, 'cache-source');
    const copy = join(scratch, 'renamed-copy.mp4');
    copyFileSync(video, copy);
    expect(
      (await reptemple(['extract', video, '--out', scratch, '--cache-dir', cacheDir])).code,
    ).toBe(0);
    const fromCache = await reptemple(['extract', copy, '--out', scratch, '--cache-dir', cacheDir]);
    expect(fromCache.stdout).toContain('from cache');
    const header = JSON.parse(
      readFileSync(join(scratch, 'renamed-copy.ndjson'), 'utf8').split('\n')[0]!,
    );
    expect(header.source).toBe('renamed-copy.mp4');
  });

  it('reports the same duration from the cache as from a fresh extraction, at a sampled --fps', async () => {
    const cacheDir = join(scratch, 'cache-duration');
    const args = ['analyze', video, '--fps', '7', '--json', '--cache-dir', cacheDir];
    const [fresh] = JSON.parse((await reptemple(args)).stdout);
    const [cached] = JSON.parse((await reptemple(args)).stdout);
    expect(fresh.duration_s).toBeCloseTo(2.87, 2); // the video's own duration
    expect(cached).toEqual(fresh);
    // A trace written by extract carries the video's duration in its header, so replaying it
    // reports the same, not the span of its sampled frames plus one 1/7 s interval.
    const traces = join(scratch, 'duration-traces');
    const sampled = ['extract', video, '--fps', '7', '--out', traces, '--cache-dir', cacheDir];
    expect((await reptemple(sampled)).code).toBe(0);
    const trace = join(traces, `${basename(video, '.mp4')}.ndjson`);
    const [replayed] = JSON.parse((await reptemple(['analyze', trace, '--json'])).stdout);
    expect(replayed.duration_s).toBe(fresh.duration_s);
  });

  it('reports the result when the cache folder cannot be used, with one warning saying why', async () => {
    const notAFolder = join(scratch, 'cache-is-a-file');
    writeFileSync(notAFolder, 'a file where the cache folder should be\n');
    const result = await reptemple(['analyze', video, video, '--jobs', '1', '--json'], {
      env: { REPTEMPLE_CACHE_DIR: notAFolder },
    });
    expect(result.code).toBe(0);
    const records = JSON.parse(result.stdout);
    expect(records.map((record: { valid_reps: number }) => record.valid_reps)).toHaveLength(2);
    expect(records.every((record: { error: null }) => record.error === null)).toBe(true);
    const warnings = result.stderr.split('\n').filter((line) => line.startsWith('warning:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`cannot use the trace cache folder ${notAFolder} (EEXIST`);
  });

  it('reads a cache folder it cannot write (a shared CI cache) and keeps new results, with one warning', async () => {
    const cacheDir = join(scratch, 'read-only-cache');
    const single = join(repo, 'fixtures/videos/pushup/28-glass-room-single.mp4');
    const another = join(repo, 'fixtures/videos/pushup/27-orange-shirt-circle-graphic.mp4');
    const fill = ['extract', video, '--fps', '5', '--out', join(scratch, 'ro-1')];
    expect((await reptemple([...fill, '--cache-dir', cacheDir])).code).toBe(0);
    const entries = readdirSync(cacheDir);
    expect(entries).toHaveLength(1);
    setWritable(cacheDir, false);
    try {
      const result = await reptemple([
        ...['extract', video, single, another, '--fps', '5', '--jobs', '1'],
        ...['--out', join(scratch, 'ro-2'), '--cache-dir', cacheDir],
      ]);
      expect(result.code).toBe(0);
      const rows = result.stdout.split('\n').filter((line) => line.includes('.mp4'));
      expect(rows).toHaveLength(3);
      expect(rows.find((row) => row.includes(basename(video)))).toContain('from cache');
      for (const extracted of [single, another])
        expect(rows.find((row) => row.includes(basename(extracted)))).not.toContain('from cache');
      const warnings = result.stderr.split('\n').filter((line) => line.startsWith('warning:'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(`cannot write to the trace cache folder ${cacheDir}`);
      expect(warnings[0]).toContain('cached traces are still read');
      expect(readdirSync(cacheDir)).toEqual(entries);
    } finally {
      setWritable(cacheDir, true);
    }
  });

  it('keeps the results when cache writes fail in a writable folder, with one warning for them', async () => {
    // Folders squatting on both videos' cache entries: writes fail (as on a full disk), the
    // results are kept, and one warning speaks for the run.
    const cacheDir = join(scratch, 'entries-taken-cache');
    const single = join(repo, 'fixtures/videos/pushup/28-glass-room-single.mp4');
    const another = join(repo, 'fixtures/videos/pushup/27-orange-shirt-circle-graphic.mp4');
    for (const path of [single, another]) {
      const entry = basename(cacheEntryPath('', await sha256File(path), 'full', 5));
      mkdirSync(join(cacheDir, entry), { recursive: true });
    }
    const result = await reptemple([
      ...['analyze', single, another, '--fps', '5', '--jobs', '1', '--json'],
      ...['--cache-dir', cacheDir],
    ]);
    expect(result.code).toBe(0);
    const records = JSON.parse(result.stdout);
    expect(records.map((record: { error: null }) => record.error)).toEqual([null, null]);
    const warnings = result.stderr.split('\n').filter((line) => line.startsWith('warning:'));
    // Each folder in the way is also an unreadable entry; the failed writes share one warning.
    const writeWarnings = warnings.filter((line) => line.includes('cannot write'));
    expect(writeWarnings).toHaveLength(1);
    expect(writeWarnings[0]).toContain(`cannot write to the trace cache folder ${cacheDir}`);
    expect(warnings.filter((line) => line.includes('ignoring damaged cache entry'))).toHaveLength(
      2,
    );
    expect(readdirSync(cacheDir)).toHaveLength(2); // the folders in the way, no temporary file
  });

  it('stops cleanly on Ctrl-C during an extraction and exits 130', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 1500);
    const long = join(repo, 'fixtures/videos/pushup/25-hoodie-skeleton-overlay-variations.mp4');
    const result = await reptemple(['analyze', long, '--no-cache'], { signal: controller.signal });
    expect(result.code).toBe(130);
    expect(result.stderr).toContain('interrupted: 0 of 1 inputs finished');
  });

  it('stops on SIGTERM like Ctrl-C: exits 143, keeps finished rows, blames none, leaves no browser', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Interruption('SIGTERM')), 3000);
    const long = join(repo, 'fixtures/videos/pushup/25-hoodie-skeleton-overlay-variations.mp4');
    const result = await reptemple(
      ['analyze', long, trace, '--no-cache', '--jobs', '2', '--json'],
      {
        signal: controller.signal,
      },
    );
    expect(result.code).toBe(143);
    const records = JSON.parse(result.stdout);
    expect(records).toHaveLength(1); // the trace finished; the video in flight is left out
    expect(records[0].error).toBeNull();
    expect(result.stderr).toContain('interrupted: 1 of 2 inputs finished');
    const children = spawnSync('pgrep', ['-a', '-P', String(process.pid)], { encoding: 'utf8' });
    expect(children.stdout).not.toMatch(/chrom|ffmpeg/);
  });

  it('bench on Ctrl-C exits 130 as interrupted, not as a failed video', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Interruption('SIGINT')), 1500);
    const result = await reptemple(['bench', video], { signal: controller.signal });
    expect(result.code).toBe(130);
    expect(result.stderr).not.toContain('ABORTED');
    expect(result.stderr).toContain('interrupted');
  });
});

/**
 * A folder nobody may write to. Root writes through permission bits, so for root the folder is
 * made immutable (chattr +i, which even root cannot write through) instead.
 */
function setWritable(dir: string, writable: boolean): void {
  if (process.getuid?.() === 0) execFileSync('chattr', [writable ? '-i' : '+i', dir]);
  else chmodSync(dir, writable ? 0o755 : 0o555);
}
