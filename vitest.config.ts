import { defineConfig } from 'vitest/config';

// One test run for the whole workspace; each package is a project with its own settings.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'packages/web/vitest.e2e.config.ts'],
  },
});
