import { message, type Language, type MessageKey, type UploadProblem } from '@dms/contract';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';

/** Rows read per statement. */
const CHUNK = 500;

/**
 * A load sheet's problems as the dry run finds them (docs/scripts.md `load`): each by its row and its column's name in
 * the caller's language, its message naming both; a required column the header lacks is a problem of row 1.
 */
export function sheetProblems<C extends string>(lang: Language, names: Readonly<Record<C, MessageKey>>) {
  const problems: UploadProblem[] = [];
  const problem = (row: number, column: C, key: MessageKey, params: Record<string, string | number> = {}) => {
    const name = message(lang, names[column]);
    problems.push({ row, column: name, message: message(lang, key, { row, column: name, ...params }) });
  };
  /** Whether the header names every required column (a problem for each it lacks). */
  const headed = (missing: readonly C[], required: readonly C[]) => {
    for (const c of required) if (missing.includes(c)) problem(1, c, 'error.scripts.load.header');
    return problems.length === 0;
  };
  return { problems, problem, headed };
}

/** The users of these names, disabled or not, by name. */
export async function usersNamed(db: Db, names: readonly string[]): Promise<Map<string, UserRow>> {
  const wanted = [...new Set(names.filter((n) => n !== ''))];
  const out = new Map<string, UserRow>();
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const rows = await db
      .selectFrom('users')
      .selectAll()
      .where('username', 'in', wanted.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) out.set(r.username, r);
  }
  return out;
}
