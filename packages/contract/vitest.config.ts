import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  // One module graph per worker, not one per file (the tests are pure: nothing they change lives in a module).
  test: { name: 'contract', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], environment: 'node', isolate: false },
});
