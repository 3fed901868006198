import { sql, type Kysely } from 'kysely';
import { idColumn, type DialectMigration } from './helpers.js';

/**
 * IoT cards (issue 22; docs/iot-cards.md): one row per card (ICCID), with the box reporting it now, its provider and
 * expiry date (`YYYY-MM-DD`); the history of each box's card changes as its hellos reported them. Filled at once from
 * the ICCIDs the boxes reported before.
 */
export const iotCards0022: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('iot_cards'), dialect)
      .addColumn('iccid', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('box_id', 'integer')
      .addColumn('provider', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('expires_on', 'varchar(10)')
      .addColumn('seen_at', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('iot_cards_box').on('iot_cards').column('box_id').execute();
    await db.schema.createIndex('iot_cards_expiry').on('iot_cards').column('expires_on').execute();
    await idColumn(db.schema.createTable('iot_card_changes'), dialect)
      .addColumn('box_id', 'integer', (c) => c.notNull())
      .addColumn('from_iccid', 'varchar(32)')
      .addColumn('to_iccid', 'varchar(32)', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('iot_card_changes_box').on('iot_card_changes').columns(['box_id', 'at']).execute();
    const now = Date.now();
    await sql`insert into iot_cards (iccid, box_id, provider, seen_at, updated_at)
      select iccid, min(box_id), '', ${now}, ${now} from boxes where iccid is not null and iccid <> '' group by iccid`.execute(db);
  },
});
