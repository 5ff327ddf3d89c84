import { defineProject } from 'vitest/config';

// Pure parts (evidence, contact sheets, sampling) run here; the worker's database and queue
// behaviour is tested in the server's suite against the real stack.
export default defineProject({
  test: { name: 'verifier', include: ['test/**/*.test.ts'], testTimeout: 60_000 },
});
