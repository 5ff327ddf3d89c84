import { createRequire } from 'node:module';
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
