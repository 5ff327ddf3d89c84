import { defineConfig } from 'tsup';

// index.js is the package; verification-thread.js the worker thread reptemple-server runs its
// verification workers on (started by index.js from the same folder).
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'verification-thread': 'src/worker/verification-thread-entry.ts',
  },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'node20',
  platform: 'node',
});
