import { defineConfig } from 'tsup';

// bin.js is the command; index.js the API used by the tests and the benchmark; bench.js is pnpm bench;
// db-types.js is pnpm db:types; db-rules.js pnpm db:rules; child-watchdog.js the process that stops the server's children should it
// be killed.
// The quick rebuilds (the test set-up's, pnpm db:types) skip type declarations (SERVER_SKIP_DTS=1)
// and keep the ones a full build left.
export default defineConfig({
  entry: {
    bin: 'src/bin.ts',
    index: 'src/index.ts',
    bench: 'bench/bench.ts',
    'db-types': 'src/db-types.ts',
    'db-rules': 'src/db-rules.ts',
    // Started by the server; stops its children should it die without stopping them.
    'child-watchdog': 'src/process/child-watchdog.ts',
    // The threads the server hashes passwords on (src/auth/password-hashing.ts).
    'password-thread': 'src/auth/password-thread.ts',
  },
  format: ['esm'],
  dts: process.env.SERVER_SKIP_DTS === '1' ? false : { entry: { index: 'src/index.ts' } },
  clean: process.env.SERVER_SKIP_DTS !== '1',
  sourcemap: true,
  target: 'node20',
  platform: 'node',
  // Dev-only packages the benchmark and the type generator use stay imports, not bundled copies.
  external: ['@supabase/supabase-js', '@supabase/postgrest-typegen', 'ws'],
});
