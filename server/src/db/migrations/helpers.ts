import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';

/** A migration that may differ by database (auto-increment ids are the usual difference). */
export type DialectMigration = (dialect: Dialect) => Migration;

/** Adds an auto-increment integer primary key `id`, the way each database spells it. */
export function idColumn<T extends string>(table: CreateTableBuilder<T>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** PostgreSQL: the schema the pg_trgm extension is installed in, or null when it is not installed. */
export async function trigramSchemaOf(db: Kysely<unknown>): Promise<string | null> {
  const found = await sql<{ schema: string }>`SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'pg_trgm'`.execute(db);
  return found.rows[0]?.schema ?? null;
}
