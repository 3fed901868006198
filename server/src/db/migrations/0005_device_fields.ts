import { sql, type Kysely } from 'kysely';
import type { DialectMigration } from './helpers.js';

/** Text columns a device carries for its people (spec 3), with their sizes; all default to ''. */
const TEXT_FIELDS: ReadonlyArray<readonly [string, number]> = [
  ['company', 128],
  ['station_no', 64],
  ['model', 64],
  ['remark', 255],
  ['iot_module', 64],
  ['iot_model', 64],
  ['iot_card', 32],
  ['province', 64],
  ['city', 64],
  ['area', 64],
  ['street', 128],
  ['contact', 64],
  ['phone', 32],
];

/**
 * The device fields of spec section 3 (owning company, station or equipment number, model, remark, IoT module and
 * model, install and expiry dates, IoT card code, location, contact person and phone), a map position, and the
 * indexes the device list filters and sorts by.
 */
export const deviceFields0005: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    for (const [name, size] of TEXT_FIELDS) {
      await db.schema
        .alterTable('devices')
        .addColumn(name, `varchar(${size})`, (c) => c.notNull().defaultTo(''))
        .execute();
    }
    // Dates as ISO 'YYYY-MM-DD' (they are calendar days, not instants); null when unknown.
    await db.schema.alterTable('devices').addColumn('install_date', 'varchar(10)').execute();
    await db.schema.alterTable('devices').addColumn('expiry_date', 'varchar(10)').execute();
    // WGS84 position for the map; null: placed at its city's or province's centre.
    await db.schema.alterTable('devices').addColumn('lng', 'double precision').execute();
    await db.schema.alterTable('devices').addColumn('lat', 'double precision').execute();
    await db.schema.createIndex('devices_status_box_idx').on('devices').columns(['status', 'box_id', 'controller']).execute();
    await db.schema.createIndex('devices_company_idx').on('devices').columns(['company', 'box_id']).execute();
    await db.schema.createIndex('devices_station_idx').on('devices').columns(['station_no', 'box_id']).execute();
    await db.schema.createIndex('devices_model_idx').on('devices').columns(['model', 'box_id']).execute();
    await db.schema.createIndex('devices_expiry_idx').on('devices').columns(['expiry_date', 'box_id']).execute();
    await db.schema.createIndex('devices_install_idx').on('devices').columns(['install_date', 'box_id']).execute();
    await db.schema.createIndex('devices_last_seen_idx').on('devices').columns(['last_seen']).execute();
    await db.schema.createIndex('fault_records_started_idx').on('fault_records').columns(['started_at']).execute();
    // Devices that existed before: their owning company starts as their box's registration says (as new ones do).
    await sql`update devices set company = coalesce((select b.company_name from boxes b where b.box_id = devices.box_id), '') where company = ''`.execute(
      db,
    );
    await db.schema.createIndex('device_status_log_time_idx').on('device_status_log').columns(['time']).execute();
    // SQLite keeps history rows (with their value blobs) in the primary key's own b-tree, so counting a device's
    // snapshots over a year read every row: a narrow index makes the history table's `total` 4 × faster for 12 bytes a
    // snapshot (docs/benchmarks.md). PostgreSQL's primary key is such an index already.
    if (dialect === 'sqlite') await db.schema.createIndex('history_device_ts_idx').on('history').columns(['device_id', 'ts']).execute();
  },
});
