import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * Searching text in SQL, one way on both databases: case-insensitive (PostgreSQL's LIKE minds case, SQLite's does not
 * for ASCII; both sides are lower-cased) and with the wildcards a user types (`%`, `_`, `\`) taken literally.
 */

/** The text with LIKE's wildcards and its escape character escaped, for a pattern used with `escape '\'`. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%text%`, lower-cased and escaped: the pattern of `contains` for a query that builds its own condition. */
export function likePattern(text: string): string {
  return `%${likeEscape(text.toLowerCase())}%`;
}

/** A column (`'d.company'`) or an expression (a cast, a function). */
type Searched = string | Expression<unknown>;
const operand = (column: Searched) => (typeof column === 'string' ? sql.ref(column) : column);

/** The column holds `text` anywhere, whatever the case. */
export function contains(column: Searched, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${operand(column)}) like ${likePattern(text)} escape '\\'`;
}

/** The column starts with `text`, whatever the case. */
export function startsWith(column: Searched, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${operand(column)}) like ${`${likeEscape(text.toLowerCase())}%`} escape '\\'`;
}

/** The column holds `text` anywhere, in any of the columns. */
export function containsAny(columns: readonly Searched[], text: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(
    columns.map((c) => contains(c, text)),
    sql` or `,
  )})`;
}
