import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { dialectOf, type Db, type Dialect } from '../../db/database.js';
import { searchDoc } from '../../db/migrations/0034_device_search.js';
import type { Database } from '../../db/schema.js';
import { likePattern } from '../../db/search.js';

/**
 * The device search (docs/api.md, Devices): the text anywhere in a device's company (its own, else its box
 * registration's), station number, box id, model, remark, location (province, city, district, street), contact, phone
 * or IoT card code, whatever its case, in any script. The index is migration 0034's.
 *
 * - SQLite, three characters or more: the text as a phrase of its trigrams, each in its place, which the index answers
 *   exactly (the rows are not read again).
 * - SQLite, one or two characters: the trigrams that begin with them (every piece of a field begins one: each field
 *   ends with two separators), read from the term list, and the rows of any of them.
 * - PostgreSQL: LIKE on the lower-cased text kept as the column `search_text` (migrations 0038, 0039): one condition,
 *   which the planner answers from its pg_trgm index when the text is rare (three characters or more) and by walking
 *   the list in its order when it is common.
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

/** Per database: the MATCH expressions of short texts read under a `device_search_version` (migration 0040). */
const shortMatches = new WeakMap<object, { version: number; matches: Map<string, string> }>();
/** Short texts kept per database (every one- and two-character text of a fleet is far more than people search). */
const SHORT_KEPT = 2048;

/**
 * The MATCH expression of the text on SQLite, as `matchOf` makes it. A short text's terms are read from the term
 * list once for each version of the searched text (the list costs 20-40 ms at a million devices), and kept.
 */
async function matchFor(db: Kysely<Database>, text: string): Promise<string> {
  if (Array.from(text).length >= 3) return quoted(text);
  const { rows } = await sql<{ version: number }>`select version from device_search_version where id = 1`.execute(db);
  const version = rows[0]?.version ?? -1;
  let kept = shortMatches.get(db);
  if (kept?.version !== version) {
    kept = { version, matches: new Map() };
    shortMatches.set(db, kept);
  }
  const known = kept.matches.get(text);
  if (known !== undefined) return known;
  const read = await sql<{ m: string }>`select ${matchOf(text)} as m`.execute(db);
  const match = read.rows[0]?.m ?? quoted('\u001e\u001e\u001e');
  if (kept.matches.size >= SHORT_KEPT) kept.matches.clear();
  // Kept under the version read before the terms: a change between the two reads is read again next time.
  kept.matches.set(text, match);
  return match;
}

/** The device ids whose text holds `text` (from `searchText`, non-empty), as a subquery for `d.id in (…)`. */
export function matchingIds(dialect: SearchDialect, text: string): RawBuilder<number> {
  if (dialect === 'postgres') return sql<number>`(select id from devices where search_text like ${likePattern(text)} escape '\\')`;
  return indexed(matchOf(text));
}

/** SQLite: the rows of the index that a MATCH expression matches, as a subquery of their ids. */
function indexed(match: RawBuilder<string> | string): RawBuilder<number> {
  return sql<number>`(select rowid from device_search where device_search match ${match})`;
}

/**
 * SQLite: the devices holding the text (`match`, from `matchFor`), read from the index first and each looked up by
 * its id (`devices as d`), so that counting the first thousand matches reads a thousand of them, however many there are.
 */
export function indexFirst(db: Db, match: string): SelectQueryBuilder<Database & { d: Database['devices'] }, 'd', object> {
  // A cross join: SQLite keeps the index as the outer table, whatever it guesses of the two.
  return db
    .selectFrom(sql`device_search`.as('s'))
    .crossJoin('devices as d')
    .where(sql<boolean>`s.rowid = d.id and s.device_search match ${match}`);
}

/**
 * Whether the device `d` holds the text, read from its own columns (on SQLite `dms_fold` folds case as the index does;
 * on PostgreSQL its `search_text`): no index asked, so a small reach is walked whole at less than it costs to read a
 * dense text's matches from the whole fleet's index.
 */
export function textHolds(dialect: SearchDialect, text: string): RawBuilder<boolean> {
  if (dialect === 'sqlite') return sql<boolean>`instr(dms_fold(${searchDoc('sqlite', 'd')}), ${text}) > 0`;
  return sql<boolean>`d.search_text like ${likePattern(text)} escape '\\'`;
}

/**
 * SQLite: the first PROBE matches of a text in the index (by id): when there are that many, whether the text is
 * common, from the ids they span (held by one device in COMMON or more, about); when there are fewer, every match.
 */
async function probe(db: Kysely<Database>, match: string): Promise<{ common: boolean; ids: number[] | null }> {
  const { rows } = await sql<{ id: number }>`select rowid as id from device_search where device_search match ${match}
    order by rowid limit ${PROBE}`.execute(db);
  if (rows.length < PROBE) return { common: false, ids: rows.map((r) => r.id) };
  return { common: (rows.at(-1)?.id ?? Infinity) <= PROBE * COMMON, ids: null };
}

const PROBE = 1000;
const COMMON = 50;

/**
 * How a search joins a list (repository.ts):
 * - a user who reaches few devices (REACH_WALKED or fewer) has each of them checked on its own text (`text`): a
 *   dense text's matches in the whole fleet cost more to read than such a reach;
 * - on SQLite, root's or an admin's search reads its first thousand matches from the index (`probe`): fewer, and they
 *   are every match, kept in the plan (`ids`); a common text's page walks the list in its own order and reads each
 *   device's own text (`walk`: the index counts its first matches), which finds a page after a few rows; a text
 *   between the two (more than a thousand matches, fewer than one device in COMMON) walks the list in its order too,
 *   each device looked up in the set of the index's matches (`set`, read once): a street one device in 300 holds
 *   (3,334 matches at a million devices) is a page after about 6,000 rows of the list's index, where reading each of
 *   its matches' rows to sort them cost twice as much;
 * - otherwise the matching ids are read from the index first (`ids`).
 * On PostgreSQL every plan is the one condition on `search_text`.
 */
export interface SearchPlan {
  text: string;
  dialect: SearchDialect;
  by: 'ids' | 'set' | 'walk' | 'text';
  /** SQLite: the text's MATCH expression (`matchFor`); PostgreSQL: empty. */
  match: string;
  /** SQLite, a rare text: its every match, read from the index once (`probe`). */
  ids?: readonly number[];
}

/** The reach at or under which a user's search reads each reached device's text (a few µs a device). */
export const REACH_WALKED = 5000;

/**
 * The search for what reads every match anyway (exact counts, exports): a small reach's texts, else the matches
 * read first, uncounted.
 */
export async function readMatches(db: Db, q: string | undefined, userId: number | null): Promise<SearchPlan | null> {
  const text = q ? searchText(q) : '';
  if (!text) return null;
  const dialect = dialectOf(db);
  const indexed = async (): Promise<SearchPlan> => ({
    text,
    dialect,
    by: 'ids',
    match: dialect === 'sqlite' ? await matchFor(db, text) : '',
  });
  if (userId === null) return indexed();
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
  return Number(n) <= REACH_WALKED ? { text, dialect, by: 'text', match: '' } : indexed();
}

export async function planSearch(db: Db, q: string | undefined, userId: number | null): Promise<SearchPlan | null> {
  const search = await readMatches(db, q, userId);
  if (!search || userId !== null || search.dialect === 'postgres') return search;
  const { common, ids } = await probe(db, search.match);
  return ids ? { ...search, ids } : { ...search, by: common ? 'walk' : 'set' };
}

/** The condition on `devices as d` a plan makes. */
export function searched(search: SearchPlan): RawBuilder<boolean> {
  if (search.ids) return sql<boolean>`d.id in (select value from json_each(${JSON.stringify(search.ids)}))`;
  // A walk in list order asks each device's own text: a few µs, where the index asked of one row costs 15-200 µs
  // (more for a short text, whose every term it opens).
  if (search.dialect === 'postgres' || search.by === 'walk' || search.by === 'text') return textHolds(search.dialect, search.text);
  // `+` keeps SQLite from reading the devices by these ids: it walks the list's index in order instead.
  if (search.by === 'set') return sql<boolean>`+d.id in ${indexed(search.match)}`;
  return sql<boolean>`d.id in ${indexed(search.match)}`;
}
