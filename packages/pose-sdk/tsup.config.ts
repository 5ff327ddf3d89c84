import { defineConfig } from 'tsup';

// Three entry points: the pure core (works anywhere) and one adapter per host.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'browser/index': 'src/browser/index.ts',
    'node/index': 'src/node/index.ts',
  },
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
});
