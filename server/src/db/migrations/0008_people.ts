import type { Kysely } from 'kysely';
import { idColumn, type DialectMigration } from './helpers.js';

/**
 * People and ownership (issue 12, docs/people.md):
 * - users: the permission template a user is given, a helper's type and region;
 * - boxes: the CK code a box carries (spec 3 box-ck: four digits) and when it was set;
 * - device_reach: who reaches which device and how, kept by `server/src/access/reach.ts` from owners, links, CK codes
 *   and the user tree; every read of devices joins it;
 * - permission templates and their rights per controller type and register;
 * - claim attempts: the add-device CK code guesses, bounded per user and per box.
 */
export const people0008: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('template_id', 'integer').execute();
    await db.schema.alterTable('users').addColumn('helper_type', 'varchar(32)').execute();
    await db.schema.alterTable('users').addColumn('region', 'varchar(64)').execute();
    await db.schema
      .alterTable('users')
      .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('users')
      .addColumn('company', 'varchar(128)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('users_ck_idx').on('users').column('ck').execute();

    await db.schema.alterTable('boxes').addColumn('ck', 'varchar(4)').execute();
    await db.schema.alterTable('boxes').addColumn('ck_set_at', 'bigint').execute();
    await db.schema.createIndex('boxes_ck_idx').on('boxes').column('ck').execute();
    await db.schema.createIndex('devices_owner_box_idx').on('devices').columns(['owner_id', 'box_id', 'controller']).execute();

    await db.schema
      .createTable('device_reach')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      /** 'owner' | 'assigned' | 'helper' | 'shared' | 'ck' */
      .addColumn('how', 'varchar(16)', (c) => c.notNull())
      /** Who the device came through: the assignee below (assigned), the sharer (helper, shared), the CK factory (ck). */
      .addColumn('via_user_id', 'integer')
      .addColumn('can_switch', 'integer', (c) => c.notNull().defaultTo(0))
      /** 0 when a sub-manager below hid the device's data from this user: they see that it exists, not its values. */
      .addColumn('data', 'integer', (c) => c.notNull().defaultTo(1))
      .addPrimaryKeyConstraint('device_reach_pk', ['user_id', 'device_id'])
      .execute();
    await db.schema.createIndex('device_reach_device_idx').on('device_reach').column('device_id').execute();

    await idColumn(db.schema.createTable('permission_templates'), dialect)
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      /** The highest user level (1 = root … 8 = end user) that may be given the template: offered to levels >= this. */
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('builtin', 'varchar(16)')
      /** For registers the rights table does not name: 1 = read, 0 = not. */
      .addColumn('default_read', 'integer', (c) => c.notNull().defaultTo(1))
      /** For registers the rights table does not name: 'all' | 'operating' | 'none'. */
      .addColumn('default_write', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
      .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('permission_template_rights')
      .addColumn('template_id', 'integer', (c) => c.notNull().references('permission_templates.id').onDelete('cascade'))
      .addColumn('type_id', 'integer', (c) => c.notNull().references('controller_types.id').onDelete('cascade'))
      .addColumn('register_number', 'integer', (c) => c.notNull())
      .addColumn('can_read', 'integer', (c) => c.notNull())
      .addColumn('can_write', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('permission_template_rights_pk', ['template_id', 'type_id', 'register_number'])
      .execute();

    await idColumn(db.schema.createTable('claim_attempts'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('box_id', 'integer', (c) => c.notNull())
      .addColumn('ok', 'integer', (c) => c.notNull())
      .addColumn('time', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('claim_attempts_user_idx').on('claim_attempts').columns(['user_id', 'time']).execute();
    await db.schema.createIndex('claim_attempts_box_idx').on('claim_attempts').columns(['box_id', 'time']).execute();
  },
});
