import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf, type Dialect } from '../../db/database.js';
import { searchDoc } from '../../db/migrations/0034_device_search.js';
import type { Database } from '../../db/schema.js';
import { likeEscape } from '../../db/search.js';

/**
 * The device search (docs/api.md, Devices): the text anywhere in a device's company, station number, box id, model,
 * remark, location (province, city, district, street), contact, phone or IoT card code, whatever its case, in any
 * script. The index is migration 0034's.
 *
 * - SQLite, three characters or more: the text as a phrase of its trigrams, each in its place, which the index answers
 *   exactly (the rows are not read again).
 * - SQLite, one or two characters: the trigrams that begin with them (every piece of a field begins one: each field
 *   ends with two separators), read from the term list, and the rows of any of them.
 * - PostgreSQL: LIKE on the lower-cased text, which its pg_trgm index serves for three characters or more.
 */

/** What is searched: the text lower-cased, without control characters (the separators of the indexed text). */
export function searchText(q: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is taken out
  return q.replace(/[\u0000-\u001f\u007f]/g, '').toLowerCase();
}

const quoted = (term: string) => `"${term.replaceAll('"', '""')}"`;

export type SearchDialect = Dialect;

/** Which search a database has (its index differs: migration 0034). */
export { dialectOf };

/** The MATCH expression of the text on SQLite: its phrase, or for one or two characters the terms that begin with it. */
function matchOf(text: string): RawBuilder<string> {
  if (Array.from(text).length >= 3) return sql<string>`${quoted(text)}`;
  // No term begins with the text: a trigram of record separators, which no text holds, matches nothing.
  return sql<string>`coalesce(
    (select group_concat('"' || replace(term, '"', '""') || '"', ' OR ') from device_search_terms where term >= ${text} and term < ${`${text}\u{10FFFF}`}),
    '"' || char(30, 30, 30) || '"')`;
}

/** The device ids whose text holds `text` (from `searchText`, non-empty), as a subquery for `d.id in (…)`. */
export function matchingIds(dialect: SearchDialect, text: string): RawBuilder<number> {
  if (dialect === 'postgres') {
    const pattern = `%${likeEscape(text)}%`;
    return sql<number>`(select id from devices where lower(${searchDoc('postgres', 'devices')}) like ${pattern} escape '\\'
      union all select dc.id from devices dc join boxes b on b.box_id = dc.box_id
        where coalesce(dc.company, '') = '' and lower(b.company_name) like ${pattern} escape '\\')`;
  }
  return sql<number>`(select rowid from device_search where device_search match ${matchOf(text)})`;
}

/**
 * Whether the device `d` holds the text, asked of the index for that one row (SQLite): about 15 µs a row, so a list
 * whose matches are many is walked in its own order and stops at its page, instead of reading every match first.
 */
export function holds(text: string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from device_search where device_search match ${matchOf(text)} and rowid = d.id)`;
}

/**
 * Whether the device `d` holds the text, read from its own columns (on SQLite `dms_fold` folds case as the index does;
 * on PostgreSQL its registration's company is asked for a device without one of its own): no index asked, so a small
 * reach is walked whole at less than it costs to read a dense text's matches from the whole fleet's index.
 */
export function textHolds(dialect: SearchDialect, text: string): RawBuilder<boolean> {
  if (dialect === 'sqlite') return sql<boolean>`instr(dms_fold(${searchDoc('sqlite', 'd')}), ${text}) > 0`;
  const pattern = `%${likeEscape(text)}%`;
  return sql<boolean>`(lower(${searchDoc('postgres', 'd')}) like ${pattern} escape '\\'
    or (coalesce(d.company, '') = '' and exists (select 1 from boxes b where b.box_id = d.box_id and lower(b.company_name) like ${pattern} escape '\\')))`;
}

/** How many devices hold the text, from the index alone (SQLite), and the highest device id (near the fleet's size). */
export async function matchCount(db: Kysely<Database>, text: string): Promise<{ matches: number; highestId: number }> {
  const { rows } = await sql<{ matches: number; highest_id: number | null }>`select
    (select count(*) from device_search where device_search match ${matchOf(text)}) as matches,
    (select max(id) from devices) as highest_id`.execute(db);
  return { matches: rows[0]?.matches ?? 0, highestId: rows[0]?.highest_id ?? 0 };
}
