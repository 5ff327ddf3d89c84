import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import manifest from '../bundles.manifest.json';
import {
  BUILD_COMMAND,
  isModelVariant,
  MODEL_BYTES,
  MODEL_SHA256,
  MODEL_VARIANTS,
  type ModelVariant,
  modelFileName,
  modelPath,
  TASKS_VISION_VERSION,
} from '../src/index.js';
import { distDir } from './helpers/paths.js';

describe('@reptemple/models API', () => {
  it('lists the variants in speed order', () => {
    expect(MODEL_VARIANTS).toEqual(['lite', 'full', 'heavy']);
  });

  it('names the files the way Google does', () => {
    expect(MODEL_VARIANTS.map(modelFileName)).toEqual([
      'pose_landmarker_lite.task',
      'pose_landmarker_full.task',
      'pose_landmarker_heavy.task',
    ]);
  });

  it('rejects unknown variants from untyped callers', () => {
    expect(() => modelFileName('medium' as ModelVariant)).toThrow(
      /unknown model variant "medium".*lite, full, heavy/,
    );
    expect(() => modelPath('Full' as ModelVariant)).toThrow(TypeError);
    expect(isModelVariant('heavy')).toBe(true);
    expect(isModelVariant('medium')).toBe(false);
    expect(isModelVariant(undefined)).toBe(false);
  });

  it('returns absolute paths inside the package dist/', () => {
    for (const v of MODEL_VARIANTS) {
      const p = modelPath(v);
      expect(isAbsolute(p)).toBe(true);
      expect(p).toBe(join(distDir, modelFileName(v)));
    }
  });

  it('exposes the manifest hashes and sizes, and the tasks-vision version', () => {
    for (const v of MODEL_VARIANTS) {
      expect(MODEL_SHA256[v]).toBe(manifest.bundles[v].sha256);
      expect(MODEL_BYTES[v]).toBe(manifest.bundles[v].bytes);
    }
    expect(TASKS_VISION_VERSION).toBe(manifest.tasksVision);
    expect(Object.isFrozen(MODEL_SHA256)).toBe(true);
  });

  describe('the built module, copied somewhere without the bundles', () => {
    const dir = mkdtempSync(join(tmpdir(), 'reptemple-models-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('finds nothing and says how to build', async () => {
      const fakeDist = join(dir, 'dist');
      mkdirSync(fakeDist);
      for (const f of ['index.js', 'index.js.map'])
        copyFileSync(join(distDir, f), join(fakeDist, f));
      const mod: typeof import('../src/index.js') = await import(
        pathToFileURL(join(fakeDist, 'index.js')).href
      );
      expect(mod.MODEL_SHA256).toEqual(MODEL_SHA256);
      expect(() => mod.modelPath('full')).toThrow(
        `${join(fakeDist, 'pose_landmarker_full.task')} is missing; build the pose-model bundles with \`${BUILD_COMMAND}\``,
      );
      expect(BUILD_COMMAND).toBe('pnpm --filter @reptemple/models build');
    });
  });
});
