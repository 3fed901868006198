import type { Kysely } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * Model-code relations (issue 20, /device-type/relation): the controller type a model code that boxes report stands
 * for, with who set it and when. A relation goes with its type.
 */
export const typeRelations0011: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('type_relations')
      .addColumn('model_code', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('type_id', 'integer', (c) => c.notNull().references('controller_types.id').onDelete('cascade'))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_by', 'varchar(64)')
      .execute();
  },
});
