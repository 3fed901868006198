import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The contract read from its sources: each entry of its package's `exports` by its `source` file. An alias does what
 * the `source` export condition does in vite.config.ts, without that condition: vitest hands the SSR conditions to
 * node as `--conditions`, and node would then load the TypeScript sources that some packages in node_modules publish
 * under `source` (scroll-into-view-if-needed, which antd requires), and fail.
 */
function sourceAliases(name: string, dir: string) {
  const exports = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { exports: Record<string, { source: string }> })
    .exports;
  return Object.entries(exports).map(([subpath, { source }]) => ({
    find: new RegExp(`^${name}${subpath.slice(1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    replacement: path.join(dir, source),
  }));
}
/** The same for the seed data (packages/seed), which some tests read. */
const contractAliases = [
  ...sourceAliases('@dms/contract', path.join(import.meta.dirname, '../packages/contract')),
  ...sourceAliases('@dms/seed', path.join(import.meta.dirname, '../packages/seed')),
];

export default defineConfig({
  root: import.meta.dirname,
  resolve: {
    alias: [...contractAliases, { find: /^@\//, replacement: `${path.join(import.meta.dirname, 'src')}/` }],
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // Unit tests run in node; a component test (`*.test.tsx`) opts into jsdom with a `@vitest-environment jsdom`
    // docblock, and src/test/setup.ts prepares its document (the node tests skip it).
    environment: 'node',
    // Worker threads start faster than the default child processes (about 5 s of this project's run).
    pool: 'threads',
    // The test files share one module graph per worker (antd, React and the console are imported once, not per file):
    // 79 → 28 s on one worker (docs/benchmarks.md), the same 305 passing in a shuffled order too. src/test/setup.ts
    // runs for every file (English, the browser stubs) and empties the document and the session after each test.
    isolate: false,
    setupFiles: ['src/test/setup.ts'],
  },
});
