// Lint rules of the whole repo (part of `npm test`): typescript-eslint's strict, type-aware rules everywhere, and the
// React hooks rules in the console. A rule switched off here or in a file says why.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import dms from './scripts/eslint-type-errors.mjs';

/** The TypeScript project of each folder's files (npm test lints these folders: scripts/test.mjs). */
export const LINT_PROJECTS = {
  'packages/contract': 'packages/contract/tsconfig.test.json',
  'packages/seed': 'packages/seed/tsconfig.json',
  server: 'server/tsconfig.test.json',
  simulator: 'simulator/tsconfig.test.json',
  web: 'web/tsconfig.json',
  e2e: 'e2e/tsconfig.json',
  bench: 'bench/tsconfig.json',
  // The cluster script's types, typed where they are used: the cluster fault test (e2e/cluster) imports it.
  'scripts/cluster': 'e2e/tsconfig.json',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
      // The test runners' configs are in no project, but the console's (web/tsconfig.json includes them).
      '**/vitest.config.ts',
      '!web/vitest.config.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: { parserOptions: { tsconfigRootDir: import.meta.dirname } },
    plugins: { dms },
    rules: {
      // The type check (scripts/eslint-type-errors.mjs): each file's TypeScript errors, from its project's program.
      'dms/type-errors': 'error',
      // Numbers and booleans in template strings are the common case (messages, paths); objects are still caught.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // Unused names starting with _ are deliberate (a parameter kept for a signature).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Each folder's files are typed by its own project (the test configs include a package's sources and tests), so a
  // run over some folders builds only their programs: npm test lints in two processes (scripts/test.mjs).
  ...Object.entries(LINT_PROJECTS).map(([folder, project]) => ({
    files: [`${folder}/**/*.{ts,tsx,mts,cts}`],
    languageOptions: { parserOptions: { project } },
  })),
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
