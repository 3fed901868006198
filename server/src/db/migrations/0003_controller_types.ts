import type { Kysely } from 'kysely';
import { idColumn, type DialectMigration } from './helpers.js';

/** Controller types (models) and their register maps. Localised texts are JSON objects { en, zh, es, ja }. */
export const controllerTypes0003: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('controller_types'), dialect)
      .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('controller_registers')
      .addColumn('type_id', 'integer', (c) => c.notNull().references('controller_types.id').onDelete('cascade'))
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('key', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('format', 'varchar(16)', (c) => c.notNull())
      .addColumn('unit', 'varchar(16)', (c) => c.notNull().defaultTo(''))
      .addColumn('decimals', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('writable', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('min', 'double precision')
      .addColumn('max', 'double precision')
      .addColumn('options', 'text')
      .addColumn('bits', 'text')
      .addPrimaryKeyConstraint('controller_registers_pk', ['type_id', 'number'])
      .addUniqueConstraint('controller_registers_key_uq', ['type_id', 'key'])
      .execute();
  },
});
