import { defineConfig } from 'tsup';

// bin.js is the command; index.js the API used by the tests and the benchmark; bench.js is pnpm bench.
// The test set-up's quick rebuild skips type declarations (SERVER_SKIP_DTS=1).
export default defineConfig({
  entry: { bin: 'src/bin.ts', index: 'src/index.ts', bench: 'bench/bench.ts' },
  format: ['esm'],
  dts: process.env.SERVER_SKIP_DTS === '1' ? false : { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'node20',
  platform: 'node',
  // Dev-only packages the benchmark uses stay imports, not bundled copies.
  external: ['@supabase/supabase-js', 'ws'],
});
