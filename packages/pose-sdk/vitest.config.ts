import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'pose-sdk', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
