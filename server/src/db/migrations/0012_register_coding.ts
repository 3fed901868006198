import type { Kysely } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * Register map version 2 (issue 20): how a register's words are read. `words` 1 or 2 (a register of two takes the
 * next address too) in `word_order` ('high-first' or 'low-first'), `signed`, `encoding` ('int' or 'float32'), and an
 * optional linear scale (`value_factor`, `value_offset`: engineering = raw × factor + offset; "offset" alone is a
 * reserved word). The defaults are what every register was before: one unsigned integer word scaled by its decimals.
 */
export const registerCoding0012: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('controller_registers')
      .addColumn('words', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('controller_registers')
      .addColumn('word_order', 'varchar(16)', (c) => c.notNull().defaultTo('high-first'))
      .execute();
    await db.schema
      .alterTable('controller_registers')
      .addColumn('signed', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('controller_registers')
      .addColumn('encoding', 'varchar(16)', (c) => c.notNull().defaultTo('int'))
      .execute();
    await db.schema.alterTable('controller_registers').addColumn('value_factor', 'double precision').execute();
    await db.schema.alterTable('controller_registers').addColumn('value_offset', 'double precision').execute();
  },
});
