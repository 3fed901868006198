import { sql, type Kysely } from 'kysely';
import { SEARCH_FIELDS } from './0034_device_search.js';
import type { DialectMigration } from './helpers.js';

/**
 * SQLite: a number that grows whenever the searched text may have gained a trigram (a device added, its text changed,
 * a registration's company changed): `device_search_version`. A search of one or two characters reads the trigrams
 * that begin with them from the index's term list, which costs 20-40 ms at a million devices (the list counts each
 * term's documents); the server keeps what it read under this number and reads again only once it has grown
 * (server/src/modules/devices/search.ts). A trigram that is no longer held is harmless in the list: it matches nothing.
 * PostgreSQL's search has no term list and is unchanged.
 */
export const deviceSearchVersion0040: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'postgres') return;
    await sql`create table device_search_version (id integer primary key check (id = 1), version integer not null)`.execute(db);
    await sql`insert into device_search_version (id, version) values (1, 0)`.execute(db);
    const bump = sql.raw('update device_search_version set version = version + 1 where id = 1;');
    await sql`create trigger device_search_version_insert after insert on devices begin ${bump} end`.execute(db);
    await sql`create trigger device_search_version_update after update of ${sql.raw(SEARCH_FIELDS.join(', '))} on devices begin ${bump} end`.execute(
      db,
    );
    await sql`create trigger device_search_version_company after update of company_name on boxes begin ${bump} end`.execute(db);
  },
});
