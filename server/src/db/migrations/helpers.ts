import type { CreateTableBuilder, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/** A migration that may differ by database (auto-increment ids are the usual difference). */
export type DialectMigration = (dialect: Dialect) => Migration;

/** Adds an auto-increment integer primary key `id`, the way each database spells it. */
export function idColumn<T extends string>(table: CreateTableBuilder<T>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
