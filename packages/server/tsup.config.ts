import { defineConfig } from 'tsup';

// bin.js is the command; index.js the API used by the tests and the benchmark; bench.js is pnpm bench.
// Type declarations only when asked (SERVER_DTS=1 is unset in the test set-up's quick rebuild).
export default defineConfig({
  entry: { bin: 'src/bin.ts', index: 'src/index.ts', bench: 'bench/bench.ts' },
  format: ['esm'],
  dts: process.env.SERVER_SKIP_DTS === '1' ? false : { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'node20',
  platform: 'node',
});
