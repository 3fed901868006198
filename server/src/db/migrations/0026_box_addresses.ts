import type { Kysely } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * Box server addresses (issue 23; spec 3 "Box server IP"): the address each box was told to connect to (at its
 * registration, later by /smartbox/ip-config), with when it was added and last changed; and the address a box says
 * it dialed (its hello's `server`, docs/box-protocol.md), to flag a box that connects by another address than it was
 * told (/smartbox/box-address). Addresses are `host:port`, lower-case, an IPv6 host in brackets.
 */
export const boxAddresses0026: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('box_server_ips')
      .addColumn('box_id', 'bigint', (c) => c.primaryKey().references('boxes.box_id').onDelete('cascade'))
      .addColumn('address', 'varchar(262)', (c) => c.notNull())
      .addColumn('added_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('boxes').addColumn('dialed', 'varchar(262)').execute();
    await db.schema.alterTable('boxes').addColumn('dialed_at', 'bigint').execute();
  },
});
