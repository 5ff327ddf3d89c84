import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'definitions', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
