import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// End-to-end tests in Debian Chromium against the real local stack serving the built app.
// One file at a time: the stack and one browser share the machine's two cores.
export default defineProject({
  // Named config files are not found by their folder: say where the package is.
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'web-e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
