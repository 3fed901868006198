import { sql, type Kysely } from 'kysely';
import type { DialectMigration } from './helpers.js';

/** The columns of `users` as 0001 and 0008 left them, in their order: what the SQLite rebuild copies. */
const USER_COLUMNS = [
  'id',
  'username',
  'password_hash',
  'roles',
  'level',
  'is_manager',
  'group_extra',
  'ck',
  'name',
  'avatar',
  'introduction',
  'remark',
  'parent_id',
  'disabled',
  'created_at',
  'password_changed_at',
  'template_id',
  'helper_type',
  'region',
  'phone',
  'company',
] as const;

/** A user's template id that names no template (left by a delete before this migration) becomes none. */
async function clearDangling(db: Kysely<unknown>): Promise<void> {
  await sql`update users set template_id = null
    where template_id is not null and not exists (select 1 from permission_templates t where t.id = users.template_id)`.execute(db);
}

/**
 * SQLite cannot add a foreign key to a column, so `users` is rebuilt by SQLite's own procedure
 * (https://www.sqlite.org/lang_altertable.html#otheralter): foreign keys off (they cannot change inside a transaction;
 * Kysely runs SQLite migrations outside one), then in one transaction: the new table, the rows copied, the old table
 * dropped, the new one renamed, its indexes and triggers made again, the id sequence kept (so no deleted user's id is
 * given again), and a foreign key check; then foreign keys back as they were. With foreign keys off, dropping `users`
 * leaves the tables that reference it (sessions, devices, device_reach, logs…) as they are, and their references name
 * `users`, which the renamed table is.
 */
async function rebuildSqlite(db: Kysely<unknown>): Promise<void> {
  const before = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  const enforced = before.rows[0]?.foreign_keys === 1;
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await clearDangling(trx);
      const schema = await sql<{ sql: string }>`select sql from sqlite_master
        where tbl_name = 'users' and type in ('index', 'trigger') and sql is not null order by type, name`.execute(trx);
      const seq = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'users'`.execute(trx);
      await trx.schema
        .createTable('users_0009')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('roles', 'text', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('is_manager', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('group_extra', 'varchar(32)')
        .addColumn('ck', 'varchar(8)')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('introduction', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('parent_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('password_changed_at', 'bigint', (c) => c.notNull())
        .addColumn('template_id', 'integer', (c) => c.references('permission_templates.id').onDelete('restrict'))
        .addColumn('helper_type', 'varchar(32)')
        .addColumn('region', 'varchar(64)')
        .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('company', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .execute();
      const columns = sql.join(USER_COLUMNS.map((c) => sql.ref(c)));
      await sql`insert into users_0009 (${columns}) select ${columns} from users`.execute(trx);
      await trx.schema.dropTable('users').execute();
      await trx.schema.alterTable('users_0009').renameTo('users').execute();
      for (const { sql: ddl } of schema.rows) await sql.raw(ddl).execute(trx);
      const last = seq.rows[0]?.seq;
      if (last !== undefined) await sql`update sqlite_sequence set seq = max(seq, ${last}) where name = 'users'`.execute(trx);
      const broken = await sql<{ parent: string }>`pragma foreign_key_check(users)`.execute(trx);
      if (broken.rows.some((r) => r.parent === 'permission_templates'))
        throw new Error('users.template_id still names a missing template after the rebuild');
    });
  } finally {
    if (enforced) await sql`pragma foreign_keys = on`.execute(db);
  }
}

/**
 * A user's template is a template (issue 19 §1, docs/people.md "Permission templates"): `users.template_id` references
 * `permission_templates`, ON DELETE RESTRICT, so a template a user holds cannot be deleted, not even past the service
 * (which refuses with 40905 first). Ids that already name no template become null (the role's default) first.
 * PostgreSQL adds the constraint in place; SQLite rebuilds the table (`rebuildSqlite`). Both index the column.
 */
export const userTemplateFk0009: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'sqlite') {
      await rebuildSqlite(db);
    } else {
      await clearDangling(db);
      await db.schema
        .alterTable('users')
        .addForeignKeyConstraint('users_template_fk', ['template_id'], 'permission_templates', ['id'])
        .onDelete('restrict')
        .execute();
    }
    // What a template's delete looks its holders up by.
    await db.schema.createIndex('users_template_idx').on('users').column('template_id').execute();
  },
});
