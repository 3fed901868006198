import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The contract read from its sources: each entry of its package's `exports` by its `source` file. An alias does what
 * the `source` export condition does in vite.config.ts, without that condition: vitest hands the SSR conditions to
 * node as `--conditions`, and node would then load the TypeScript sources that some packages in node_modules publish
 * under `source` (scroll-into-view-if-needed, which antd requires), and fail.
 */
const contractDir = path.join(import.meta.dirname, '../packages/contract');
const contractExports = (
  JSON.parse(readFileSync(path.join(contractDir, 'package.json'), 'utf8')) as { exports: Record<string, { source: string }> }
).exports;
const contractAliases = Object.entries(contractExports).map(([subpath, { source }]) => ({
  find: new RegExp(`^@dms/contract${subpath.slice(1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  replacement: path.join(contractDir, source),
}));

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
    setupFiles: ['src/test/setup.ts'],
  },
});
