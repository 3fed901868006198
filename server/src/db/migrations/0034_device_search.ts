import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../database.js';
import { trigramSchemaOf, type DialectMigration } from './helpers.js';

/**
 * Search anywhere in a device's text (issue 25; server/src/modules/devices/search.ts): company, station number, box
 * id, model, remark, location, contact, phone and IoT card code, as one text per device. Each field ends with two
 * unit separators (U+001F, never in a search), so every one- or two-character piece of a field begins a trigram.
 *
 * - SQLite: an FTS5 index of trigrams with their positions (`device_search`, rowid = the device's id, folded case,
 *   contentless: the text itself is not kept twice), kept by triggers on the devices table, and its term list
 *   (`device_search_terms`, fts5vocab) that short searches read.
 * - PostgreSQL: a pg_trgm GIN index on the same text, lower-cased. pg_trgm is created in the schema `public` when the
 *   database has it and lets this user (a trusted extension since PostgreSQL 13); without it the search still answers
 *   the same, by reading the table.
 */
export const SEARCH_FIELDS = [
  'company',
  'station_no',
  'box_id',
  'model',
  'remark',
  'province',
  'city',
  'area',
  'street',
  'contact',
  'phone',
  'iot_card',
] as const;

/**
 * A device's searched text, from the columns of `row` (`new`, `devices`, or a table alias). With `boxCompany` (on
 * SQLite always; on PostgreSQL since migration 0039) its company is the one the list shows: its own, else its box
 * registration's (a trigger on boxes follows that).
 */
export function searchDoc(dialect: Dialect, row: string, boxCompany = dialect === 'sqlite'): RawBuilder<string> {
  const sep = dialect === 'postgres' ? sql.raw(`E'\\x1f\\x1f'`) : sql.raw('char(31, 31)');
  const field = (name: string) => {
    const ref = sql.raw(`${row}.${name}`);
    if (name === 'box_id') return sql`cast(${ref} as text)`;
    if (name === 'company' && boxCompany)
      return sql`coalesce(nullif(${ref}, ''), (select b.company_name from boxes b where b.box_id = ${sql.raw(`${row}.box_id`)}), '')`;
    return sql`coalesce(${ref}, '')`;
  };
  return sql<string>`(${sql.join(
    SEARCH_FIELDS.map((f) => sql`${field(f)} || ${sep}`),
    sql` || `,
  )})`;
}

async function sqliteUp(db: Kysely<unknown>) {
  await sql`create virtual table device_search using fts5(doc, tokenize = 'trigram case_sensitive 0', content = '', contentless_delete = 1)`.execute(
    db,
  );
  await sql`create virtual table device_search_terms using fts5vocab(device_search, 'row')`.execute(db);
  await sql`insert into device_search (rowid, doc) select id, ${searchDoc('sqlite', 'devices')} from devices`.execute(db);
  // The search's matches are device ids: looked up in this small index, not in the wide table (status filters, counts).
  await sql`create index devices_id_status on devices (id, status, box_id)`.execute(db);
  await sql`create trigger devices_search_insert after insert on devices begin
    insert into device_search (rowid, doc) values (new.id, ${searchDoc('sqlite', 'new')}); end`.execute(db);
  await sql`create trigger devices_search_update after update of ${sql.raw(SEARCH_FIELDS.join(', '))} on devices begin
    update device_search set doc = ${searchDoc('sqlite', 'new')} where rowid = new.id; end`.execute(db);
  await sql`create trigger devices_search_delete after delete on devices begin
    delete from device_search where rowid = old.id; end`.execute(db);
  // A box's company is the text of its devices that have none of their own.
  await sql`create trigger boxes_search_company after update of company_name on boxes begin
    update device_search set doc = (select ${searchDoc('sqlite', 'd')} from devices d where d.id = device_search.rowid)
      where rowid in (select id from devices where box_id = new.box_id and coalesce(company, '') = ''); end`.execute(db);
}

/** The schema pg_trgm is in, creating it in `public` if it is missing and may be; null when it cannot be had. */
async function trigramSchema(db: Kysely<unknown>): Promise<string | null> {
  const found = await trigramSchemaOf(db);
  if (found) return found;
  await sql`savepoint pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint pg_trgm`.execute(db);
    return null;
  }
  return trigramSchemaOf(db);
}

export const deviceSearch0034: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'sqlite') return sqliteUp(db);
    const schema = await trigramSchema(db);
    if (schema === null) return;
    const trigrams = sql.id(schema, 'gin_trgm_ops');
    await sql`create index devices_search on devices using gin ((lower(${searchDoc('postgres', 'devices')})) ${trigrams})`.execute(db);
    await sql`create index boxes_search_company on boxes using gin ((lower(company_name)) ${trigrams})`.execute(db);
  },
});
