import type { Kysely } from 'kysely';
import { idColumn, type DialectMigration } from './helpers.js';

/**
 * Chart management (issue 21, /chartsManage): gauge, stacked and stop-status charts defined on a type's registers
 * (`definition`, JSON), and which of them each type's device pages show, in order (/device-type/chart). A chart shown
 * somewhere cannot be deleted (the key refuses it too); deleting a type takes its charts with it.
 */
export const charts0019: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('chart_definitions'), dialect)
      .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('type_id', 'integer', (c) => c.notNull().references('controller_types.id').onDelete('cascade'))
      .addColumn('definition', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('chart_definitions_kind').on('chart_definitions').columns(['kind', 'type_id']).execute();
    await db.schema
      .createTable('type_chart_definitions')
      .addColumn('type_id', 'integer', (c) => c.notNull().references('controller_types.id').onDelete('cascade'))
      .addColumn('chart_id', 'integer', (c) => c.notNull().references('chart_definitions.id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('type_chart_definitions_pk', ['type_id', 'chart_id'])
      .execute();
    await db.schema.createIndex('type_chart_definitions_chart').on('type_chart_definitions').column('chart_id').execute();
  },
});
