/** Rows per statement: far under SQLite's and PostgreSQL's bound-parameter limits. */
export const CHUNK = 1000;

/** `items` in runs of `size`, for statements that name many ids. */
export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
