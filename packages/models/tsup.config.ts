import { defineConfig } from 'tsup';

// Only the small JS entry is compiled here; `scripts/build-bundles.mjs` runs after tsup (whose
// `clean` empties dist/ first) and writes the three .task bundles next to it.
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
});
