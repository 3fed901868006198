import pg from 'pg';
import { PG_URL } from './helper.js';

/** The schemas the server's tests make on PostgreSQL (helper.ts `t_…`, database.test `t_db_…`, charts, events, notifications). */
const TEST_SCHEMAS = String.raw`^(t|t_db|ch|ev|nt2)_\d+_`;

/**
 * Drops the test schemas once every test file is done, not each as its test ends: while files run side by side,
 * a schema dropped under one makes another's Kysely introspection (every schema's tables) fail with "schema … does not
 * exist". A run that finds PostgreSQL silent (SQLite only, outside CI) has nothing to drop.
 */
export default function setup(): () => Promise<void> {
  return async () => {
    const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1500 });
    try {
      await client.connect();
    } catch {
      return;
    }
    try {
      const { rows } = await client.query<{ nspname: string }>('select nspname from pg_namespace where nspname ~ $1', [TEST_SCHEMAS]);
      for (const { nspname } of rows) await client.query(`DROP SCHEMA IF EXISTS ${client.escapeIdentifier(nspname)} CASCADE`);
    } finally {
      await client.end();
    }
  };
}
