import { sql, type Kysely } from 'kysely';
import { searchDoc } from './0034_device_search.js';
import { trigramSchemaOf, type DialectMigration } from './helpers.js';

/**
 * PostgreSQL: a device's searched text (migration 0034's, lower-cased) as a stored column, `search_text`, kept by the
 * database as the columns change, with the pg_trgm index on it in place of 0034's index on the expression. A search
 * that reads the text of many devices (a small reach walked whole, a text too short for the index) reads one column
 * instead of joining twelve and lower-casing them per row (server/src/modules/devices/search.ts). SQLite's search has
 * its own index (0034) and is unchanged.
 */
export const deviceSearchText0038: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'sqlite') return;
    await sql`ALTER TABLE devices ADD COLUMN search_text text GENERATED ALWAYS AS (lower(${searchDoc('postgres', 'devices')})) STORED`.execute(
      db,
    );
    const schema = await trigramSchemaOf(db);
    // Without pg_trgm (0034 could not have it) the search reads the column, as it read the expression.
    if (schema === null) return;
    await sql`CREATE INDEX devices_search_text ON devices USING gin (search_text ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);
    await sql`DROP INDEX IF EXISTS devices_search`.execute(db);
  },
});
