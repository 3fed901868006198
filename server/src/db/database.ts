import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface OpenDatabase {
  db: Db;
  dialect: Dialect;
  close: () => Promise<void>;
}

// bigint (int8) columns hold millisecond times and counts well inside Number's safe range.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** Opens the configured database: the SQLite file under DATA_DIR (WAL), or PostgreSQL. */
export async function openDatabase(database: Config['database']): Promise<OpenDatabase> {
  if (database.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(database.file), { recursive: true });
    const sqlite = new SqliteDatabase(database.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const schema = database.schema;
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  if (schema) {
    const client = await pool.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      client.release();
    }
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await sql`select 1`.execute(db);
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
