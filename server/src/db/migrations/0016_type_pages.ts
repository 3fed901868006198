import type { Kysely } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * What a device's detail page shows for its type (issue 20, /device-type/type-config/page/{id}/{alias}): one saved page
 * per type and alias (`default`, or a box firmware version), JSON of groups, gauges, on/off buttons and key figures,
 * with who saved it and when. A type without one shows its default page. A page goes with its type.
 */
export const typePages0016: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('type_pages')
      .addColumn('type_id', 'integer', (c) => c.notNull().references('controller_types.id').onDelete('cascade'))
      .addColumn('alias', 'varchar(32)', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_by', 'varchar(64)')
      .addPrimaryKeyConstraint('type_pages_pk', ['type_id', 'alias'])
      .execute();
  },
});
