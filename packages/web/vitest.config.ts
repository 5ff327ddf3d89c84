import { defineProject } from 'vitest/config';

// Unit tests: pure modules (query defaults, fetch errors, the auth state machine, form rules,
// toasts), no browser. Every test sits beside the module it tests: src/**/<module>.test.ts.
export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
