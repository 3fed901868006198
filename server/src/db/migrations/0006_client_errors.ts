import { sql, type Kysely } from 'kysely';
import { idColumn, type DialectMigration } from './helpers.js';

/**
 * Console error reports get their own table, capped by the datalog service to the newest rows, so that a flood of
 * them cannot push the server's own errors out of the server log. Reports already in the server log move here.
 */
export const clientErrors0006: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('client_errors'), dialect)
      .addColumn('time', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('username', 'varchar(64)')
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
      .execute();
    await sql`insert into client_errors (time, user_id, username, message, detail, url, user_agent)
      select time, null, username, message, detail, url, '' from server_log where source = 'console' order by id`.execute(db);
    await sql`delete from server_log where source = 'console'`.execute(db);
  },
});
