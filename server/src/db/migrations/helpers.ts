import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from '../database.js';

/** Adds an auto-increment integer primary key `id`, the way each database spells it. */
export function idColumn<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
