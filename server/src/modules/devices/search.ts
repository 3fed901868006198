import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf, type Db, type Dialect } from '../../db/database.js';
import { searchDoc } from '../../db/migrations/0034_device_search.js';
import type { Database } from '../../db/schema.js';
import { likePattern } from '../../db/search.js';

/**
 * The device search (docs/api.md, Devices): the text anywhere in a device's company, station number, box id, model,
 * remark, location (province, city, district, street), contact, phone or IoT card code, whatever its case, in any
 * script. The index is migration 0034's.
 *
 * - SQLite, three characters or more: the text as a phrase of its trigrams, each in its place, which the index answers
 *   exactly (the rows are not read again).
 * - SQLite, one or two characters: the trigrams that begin with them (every piece of a field begins one: each field
 *   ends with two separators), read from the term list, and the rows of any of them.
 * - PostgreSQL: LIKE on the lower-cased text kept as the column `search_text` (migration 0038), which its pg_trgm index
 *   serves for three characters or more.
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
    const pattern = likePattern(text);
    return sql<number>`(select id from devices where search_text like ${pattern} escape '\\'
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
 * on PostgreSQL from its `search_text`, and its registration's company is asked for a device without one of its own): no index asked, so a small
 * reach is walked whole at less than it costs to read a dense text's matches from the whole fleet's index.
 */
export function textHolds(dialect: SearchDialect, text: string): RawBuilder<boolean> {
  if (dialect === 'sqlite') return sql<boolean>`instr(dms_fold(${searchDoc('sqlite', 'd')}), ${text}) > 0`;
  const pattern = likePattern(text);
  return sql<boolean>`(d.search_text like ${pattern} escape '\\'
    or (coalesce(d.company, '') = '' and exists (select 1 from boxes b where b.box_id = d.box_id and lower(b.company_name) like ${pattern} escape '\\')))`;
}

/** How many devices hold the text, from the index alone (SQLite), and the highest device id (near the fleet's size). */
export async function matchCount(db: Kysely<Database>, text: string): Promise<{ matches: number; highestId: number }> {
  const { rows } = await sql<{ matches: number; highest_id: number | null }>`select
    (select count(*) from device_search where device_search match ${matchOf(text)}) as matches,
    (select max(id) from devices) as highest_id`.execute(db);
  return { matches: rows[0]?.matches ?? 0, highestId: rows[0]?.highest_id ?? 0 };
}

/**
 * How a search joins a list (repository.ts):
 * - a user who reaches few devices (REACH_WALKED or fewer) has each of them checked on its own text (`text`): a
 *   dense text's matches in the whole fleet cost more to read than such a reach;
 * - on SQLite, root's or an admin's search is counted on the index first: when it matches many devices (one in 50 or
 *   more), the list is walked in its own order and each device asked of the index (`index`), which finds a page after
 *   a few rows; without a status or box filter, its count is the index's own, less the matches of deleted boxes;
 * - otherwise the matching ids are read from the index first (`ids`).
 */
export interface SearchPlan {
  text: string;
  dialect: SearchDialect;
  by: 'ids' | 'index' | 'text';
  /** Devices holding the text, from the index (SQLite), else null. */
  matches: number | null;
}

/** The reach at or under which a user's search reads each reached device's text (a few µs a device). */
const REACH_WALKED = 5000;

/**
 * The search for what reads every match anyway (counts by status, exports): a small reach's texts, else the matches
 * read first, uncounted.
 */
export async function readMatches(db: Db, q: string | undefined, userId: number | null): Promise<SearchPlan | null> {
  const text = q ? searchText(q) : '';
  if (!text) return null;
  const search: SearchPlan = { text, dialect: dialectOf(db), by: 'ids', matches: null };
  if (userId === null) return search;
  const { n } = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('device_reach')
        .select('device_id')
        .where('user_id', '=', userId)
        .limit(REACH_WALKED + 1)
        .as('r'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n) <= REACH_WALKED ? { ...search, by: 'text' } : search;
}

export async function planSearch(db: Db, q: string | undefined, userId: number | null): Promise<SearchPlan | null> {
  const search = await readMatches(db, q, userId);
  if (!search || userId !== null || search.dialect === 'postgres') return search;
  const { matches, highestId } = await matchCount(db, search.text);
  return { ...search, by: matches * 50 >= highestId ? 'index' : 'ids', matches };
}

/** The condition on `devices as d` a plan makes. */
export function searched(search: SearchPlan): RawBuilder<boolean> {
  if (search.by === 'index') return holds(search.text);
  if (search.by === 'text') return textHolds(search.dialect, search.text);
  return sql<boolean>`d.id in ${matchingIds(search.dialect, search.text)}`;
}
