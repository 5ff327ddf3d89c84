import { defineProject } from 'vitest/config';

// The server's tests run against the real stack (PostgreSQL, PostgREST, auth, media API), started
// once by the global set-up on a free port with a temporary data directory.
export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
