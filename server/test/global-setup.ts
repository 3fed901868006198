import pg from 'pg';
import { PG_URL } from './helper.js';

/** The schemas the server's tests make on PostgreSQL (helper.ts `t_…`, database.test `t_db_…`, charts, events, notifications). */
const TEST_SCHEMAS = String.raw`^(t|t_db|ch|ev|nt2)_\d+_`;

/**
 * pg_trgm (the device search's index, migration 0034) made once, before the files run side by side: two migrations
 * creating it at the same moment would collide on the extension's name.
 */
async function trigramsOnce(): Promise<void> {
  await withPostgres((client) => client.query('create extension if not exists pg_trgm with schema public'));
}

/** Runs `work` on a connection to the tests' PostgreSQL; nothing when it does not answer (SQLite only, outside CI). */
async function withPostgres(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
  } catch {
    return;
  }
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Drops the test schemas once every test file is done, not each as its test ends: while files run side by side,
 * a schema dropped under one makes another's Kysely introspection (every schema's tables) fail with "schema … does not
 * exist". A run that finds PostgreSQL silent (SQLite only, outside CI) has nothing to drop.
 */
export default async function setup(): Promise<() => Promise<void>> {
  await trigramsOnce();
  return () =>
    withPostgres(async (client) => {
      const { rows } = await client.query<{ nspname: string }>('select nspname from pg_namespace where nspname ~ $1', [TEST_SCHEMAS]);
      for (const { nspname } of rows) await client.query(`DROP SCHEMA IF EXISTS ${client.escapeIdentifier(nspname)} CASCADE`);
    });
}
