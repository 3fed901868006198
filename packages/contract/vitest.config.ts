import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  test: { name: 'contract', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], environment: 'node' },
});
