import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'models', include: ['test/**/*.test.ts'], testTimeout: 60_000 },
});
