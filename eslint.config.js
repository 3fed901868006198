// Lint rules of the whole repo (part of `npm test`): typescript-eslint's strict, type-aware rules everywhere, and the
// React hooks rules in the console. A rule switched off here or in a file says why.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.js', '**/*.mjs', '**/*.cjs', '**/vite.config.ts', '**/vitest.config.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // The test configs include each package's sources and tests.
        project: [
          'packages/contract/tsconfig.test.json',
          'packages/seed/tsconfig.json',
          'server/tsconfig.test.json',
          'simulator/tsconfig.test.json',
          'web/tsconfig.json',
          'e2e/tsconfig.json',
          'bench/tsconfig.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Numbers and booleans in template strings are the common case (messages, paths); objects are still caught.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // Unused names starting with _ are deliberate (a parameter kept for a signature).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
