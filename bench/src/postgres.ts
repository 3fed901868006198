import { spawnSync } from 'node:child_process';
import pg from 'pg';

/** The benches' PostgreSQL (`SAT_PG_URL` / `BENCH_PG_URL` override it): the machine's own `test` database. */
export const LOCAL_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** Runs `work` on one connection to `url`, closed after. */
export async function onPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Drops a bench's schema with everything in it. */
export function dropSchema(url: string, schema: string): Promise<unknown> {
  return onPostgres(url, (c) => c.query(`drop schema if exists ${schema} cascade`));
}

/** The first number a query answers in `schema`, read with psql (a benchmark's check while its servers run). */
export function psqlNumber(url: string, schema: string, query: string): number {
  const out = spawnSync('psql', [url, '-At', '-c', `set search_path = ${schema}; ${query}`], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`psql: ${out.stderr}`);
  return Number(out.stdout.split('\n').filter((l) => l !== '' && l !== 'SET')[0] ?? 0);
}
