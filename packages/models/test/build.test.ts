import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MODEL_VARIANTS, modelFileName, modelPath } from '../src/index.js';
import { packageDir } from './helpers/paths.js';

const script = join(packageDir, 'scripts', 'build-bundles.mjs');
const dir = mkdtempSync(join(tmpdir(), 'reptemple-models-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (...args: string[]) =>
  spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

describe('scripts/build-bundles.mjs', () => {
  it('rebuilds byte-identical bundles (reproducible)', () => {
    const out = join(dir, 'again');
    const r = run('--out-dir', out);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    for (const v of MODEL_VARIANTS) {
      expect(readFileSync(join(out, modelFileName(v))).equals(readFileSync(modelPath(v))), v).toBe(
        true,
      );
    }
  });

  it('fails loudly and writes nothing when a hash differs from the manifest', () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'bundles.manifest.json'), 'utf8'));
    manifest.bundles.heavy.sha256 = '0'.repeat(64);
    const tampered = join(dir, 'tampered.json');
    writeFileSync(tampered, JSON.stringify(manifest));
    const out = join(dir, 'tampered-out');
    const r = run('--manifest', tampered, '--out-dir', out);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('BUILD FAILED');
    expect(r.stderr).toMatch(
      /heavy: built \d+ bytes sha256 [0-9a-f]{64}, manifest says \d+ bytes sha256 0{64}/,
    );
    expect(r.stderr).not.toMatch(/ (lite|full): built/);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });
});
