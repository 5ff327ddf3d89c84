import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTraceFile, writeTraceFile } from '../src/core/trace-files.js';

const repo = resolve(import.meta.dirname, '../../..');
const fixture = join(repo, 'fixtures/traces/pushup/30-dark-background-blue-shirt.ndjson');

describe('writeTraceFile', () => {
  it('lets two writes of the same path at once both finish, leaving one whole trace', async () => {
    const { header, frames } = await readTraceFile(fixture);
    const folder = mkdtempSync(join(tmpdir(), 'reptemple-trace-files-'));
    const path = join(folder, 'same-cache-key.ndjson');
    // Two jobs of one run extracting identical files write the same cache entry.
    await Promise.all([writeTraceFile(path, header, frames), writeTraceFile(path, header, frames)]);
    const written = await readTraceFile(path);
    expect(written.frames).toHaveLength(frames.length);
    expect(readdirSync(folder)).toEqual(['same-cache-key.ndjson']); // no temporary file left
  });

  it('leaves no temporary file when the trace cannot be put in place or a frame is refused', async () => {
    const { header, frames } = await readTraceFile(fixture);
    const folder = mkdtempSync(join(tmpdir(), 'reptemple-trace-files-'));
    // A folder where the trace should go: the final rename fails (EISDIR).
    const taken = join(folder, 'taken.ndjson');
    mkdirSync(taken);
    await expect(writeTraceFile(taken, header, frames)).rejects.toThrow(/EISDIR/);
    // A frame the trace format refuses (time going back): the writer throws halfway.
    const backwards = [...frames.slice(0, 3), { ...frames[0]!, timestampMs: -1 }];
    const refused = join(folder, 'refused.ndjson');
    await expect(writeTraceFile(refused, header, backwards)).rejects.toThrow();
    expect(readdirSync(folder)).toEqual(['taken.ndjson']);
  });
});
