import { defineProject } from 'vitest/config';

// Unit tests: pure modules (query defaults, fetch errors, the auth state machine, form rules,
// toasts), no browser. A feature's tests live beside it (src/features/<feature>/*.test.ts).
export default defineProject({
  test: {
    name: 'web',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
  },
});
