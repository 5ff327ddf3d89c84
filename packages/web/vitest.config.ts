import { defineProject } from 'vitest/config';

// Unit tests: pure modules (query defaults, fetch errors, the auth state machine, form rules,
// toasts), no browser. A feature keeps its tests beside its code (src/features/<feature>/).
export default defineProject({
  test: {
    name: 'web',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
  },
});
