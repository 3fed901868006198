import { sql, type Kysely } from 'kysely';
import { idColumn, type DialectMigration } from './helpers.js';

/**
 * Renewal feedback and the renewal prompt (issue 22; docs/iot-cards.md): what users say about renewing a card, pending
 * until root or limited_admin handle it with a status and a reply (one pending per card and sender, by a partial
 * unique index, so a double send answers its message); root's prompt (`iot_card_settings`, key `prompt`; no row: the
 * product's). A notification of a card kind keeps its card's facts (`note`, JSON).
 */
export const cardFeedback0023: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('card_feedback'), dialect)
      .addColumn('card_id', 'integer', (c) => c.notNull().references('iot_cards.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('note', 'varchar(500)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('reply', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('handled_by', 'varchar(64)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('handled_at', 'bigint')
      .execute();
    await db.schema.createIndex('card_feedback_status').on('card_feedback').columns(['status', 'created_at']).execute();
    await db.schema.createIndex('card_feedback_user').on('card_feedback').columns(['user_id', 'created_at']).execute();
    await sql`create unique index card_feedback_pending on card_feedback (card_id, user_id) where status = 'pending'`.execute(db);
    await db.schema
      .createTable('iot_card_settings')
      .addColumn('key', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('notifications').addColumn('note', 'varchar(1000)').execute();
  },
});
