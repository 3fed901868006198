import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The type check inside lint (scripts/eslint-type-errors.mjs; npm test runs no separate `tsc -p`): a file's
 * TypeScript errors, and its program's errors of no one file, are lint errors with TypeScript's own words.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const top = mkdtempSync(join(tmpdir(), 'dms-lint-types-'));
afterAll(() => {
  rmSync(top, { recursive: true, force: true });
});
let projects = 0;

/** Lints `files` as one project of their own (typescript-eslint keeps a program per tsconfig for the process). */
async function lint(files: Record<string, string>, compilerOptions: object = {}) {
  const dir = join(top, String(++projects));
  mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [], ...compilerOptions }, include: ['*.ts'] }),
  );
  const plugin = ((await import(pathToFileURL(join(ROOT, 'scripts/eslint-type-errors.mjs')).href)) as { default: ESLint.Plugin }).default;
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser, parserOptions: { project: './tsconfig.json', tsconfigRootDir: dir } },
        plugins: { dms: plugin },
        rules: { 'dms/type-errors': 'error' },
      },
    ],
  });
  const results = await eslint.lintFiles(Object.keys(files));
  return results.flatMap((r) =>
    r.messages.map((m) => ({ file: r.filePath.slice(dir.length + 1), line: m.line, column: m.column, message: m.message })),
  );
}

describe('lint reports TypeScript errors', () => {
  it("reports a file's errors where they are, with TypeScript's message, and nothing for a clean file", async () => {
    const found = await lint({
      'clean.ts': 'export const n: number = 1;\n',
      'wrong.ts': "import { n } from './clean.js';\nexport const s: string = n;\nexport const m: number = 'one';\n",
    });
    expect(found).toEqual([
      { file: 'wrong.ts', line: 2, column: 14, message: "TS2322: Type 'number' is not assignable to type 'string'." },
      { file: 'wrong.ts', line: 3, column: 14, message: "TS2322: Type 'string' is not assignable to type 'number'." },
    ]);
  });

  it("reports an error in a file that another file's change caused (the program is checked, not the text alone)", async () => {
    const found = await lint({
      'clean.ts': "export const n: string = 'now a string';\n",
      'wrong.ts': "import { n } from './clean.js';\nexport const m: number = n;\n",
    });
    expect(found).toEqual([
      { file: 'wrong.ts', line: 2, column: 14, message: "TS2322: Type 'string' is not assignable to type 'number'." },
    ]);
  });

  it("reports the program's errors of no one file once, at its first file", async () => {
    const found = await lint({ 'a.ts': 'export const a = 1;\n', 'b.ts': 'export const b = 2;\n' }, { types: ['no-such-types'] });
    expect(found).toHaveLength(1);
    expect(found[0]?.line).toBe(1);
    expect(found[0]?.message).toMatch(/^TS2688: Cannot find type definition file for 'no-such-types'/);
  });
});
