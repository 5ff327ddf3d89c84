import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Both packages are ESM; Node 20.19+ can require() them, which the "default" export condition
// allows (an "import" condition made require() fail with ERR_PACKAGE_PATH_NOT_EXPORTED).
const require = createRequire(import.meta.url);

describe('the published entry points', () => {
  it('load through require() as well as import', () => {
    expect(typeof require('@reptemple/pose-sdk').PushupAnalyzer).toBe('function');
    expect(typeof require('@reptemple/pose-sdk/browser').createPoseDetector).toBe('function');
    expect(typeof require('@reptemple/pose-sdk/node').createPoseEngine).toBe('function');
    expect(typeof require('@reptemple/definitions').normalizeDefinition).toBe('function');
    expect(require('@reptemple/pose-sdk/package.json').name).toBe('@reptemple/pose-sdk');
  });
});

describe('the browser entry point declarations', () => {
  it('compile for a consumer without the DOM lib in its tsconfig', () => {
    const packages = resolve(import.meta.dirname, '../..');
    const dir = mkdtempSync(join(tmpdir(), 'reptemple-types-'));
    try {
      mkdirSync(join(dir, 'node_modules/@reptemple'), { recursive: true });
      for (const name of ['pose-sdk', 'definitions'])
        symlinkSync(join(packages, name), join(dir, 'node_modules/@reptemple', name));
      writeFileSync(
        join(dir, 'consumer.ts'),
        "import { createPoseDetector } from '@reptemple/pose-sdk/browser';\nexport const make = createPoseDetector;\n",
      );
      const compilerOptions = {
        module: 'nodenext',
        moduleResolution: 'nodenext',
        strict: true,
        lib: ['es2022'],
        types: [],
        skipLibCheck: false,
        noEmit: true,
      };
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions, files: ['consumer.ts'] }),
      );
      const tsc = require.resolve('typescript/bin/tsc');
      const result = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
      expect(result.stdout + result.stderr).toBe('');
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
