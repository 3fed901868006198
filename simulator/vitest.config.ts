import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'simulator',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // One module graph per worker, not one per file: each test makes its own boxes, broker and fleet.
    isolate: false,
  },
});
