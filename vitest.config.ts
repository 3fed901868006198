import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'server', 'simulator', 'web'],
    // Vitest's default is one worker less than the cores: one on a 2-core machine. The server's tests mostly wait (on
    // databases, brokers, sockets and timers), so three at once halve the run there (260 → 130 s, docs/benchmarks.md).
    maxWorkers: 3,
  },
});
