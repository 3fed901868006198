import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { isForeignKeyViolation, openDatabase, poolConnection, type Db, type OpenDatabase } from '../src/db/database.js';
import { migrate, MigrationError } from '../src/db/migrations.js';
import { seedInitialAccounts } from '../src/modules/user/seed.js';
import { verifyPassword } from '../src/security/passwords.js';
import { PG_URL, testDialects } from './helper.js';

const dialects = await testDialects();

const dirs: string[] = [];
function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-db-'));
  dirs.push(dir);
  return path.join(dir, 'dms.sqlite');
}
afterAll(() => {
  dirs.forEach((d) => {
    fs.rmSync(d, { recursive: true, force: true });
  });
});

describe('database', () => {
  it("takes SQLite's write lock when a transaction begins, so another connection's commit cannot fail it after it read", async () => {
    const file = tempFile();
    const { db, close } = await openDatabase({ kind: 'sqlite', file });
    // Another writer of the file (the history writer's thread has a connection of its own), not waiting for locks.
    const other = new SqliteDatabase(file);
    other.pragma('busy_timeout = 0');
    try {
      await sql`CREATE TABLE t (x integer)`.execute(db);
      let refused = '';
      await db.transaction().execute(async (trx) => {
        await sql`SELECT count(*) FROM t`.execute(trx);
        try {
          other.prepare('INSERT INTO t VALUES (1)').run();
        } catch (err) {
          refused = (err as { code?: string }).code ?? String(err);
        }
        // Begun as a mere reader, this write would fail (SQLITE_BUSY_SNAPSHOT) had the other connection committed.
        await sql`INSERT INTO t VALUES (2)`.execute(trx);
      });
      expect(refused).toBe('SQLITE_BUSY');
      other.prepare('INSERT INTO t VALUES (3)').run();
      expect(other.prepare('SELECT x FROM t ORDER BY x').pluck().all()).toEqual([2, 3]);
    } finally {
      other.close();
      await close();
    }
  });

  it('migrates an empty SQLite file in WAL mode, and a second run changes nothing', async () => {
    const file = tempFile();
    const { db, close } = await openDatabase({ kind: 'sqlite', file });
    // Every file of migrations/, in the order of its number (the index is generated from the folder, `npm run areas`).
    const files = fs
      .readdirSync(new URL('../src/db/migrations/', import.meta.url))
      .filter((f) => /^\d{4}_.*\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(files.length).toBeGreaterThanOrEqual(23);
    expect(await migrate(db, 'sqlite')).toEqual(files);
    expect(await migrate(db, 'sqlite')).toEqual([]);
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    await close();
  });

  it('stops with the failing migration named', async () => {
    const file = tempFile();
    const { db, close } = await openDatabase({ kind: 'sqlite', file });
    await sql`create table users (id integer primary key)`.execute(db);
    await expect(migrate(db, 'sqlite')).rejects.toThrow(MigrationError);
    await expect(migrate(db, 'sqlite')).rejects.toThrow(/^Migration 0001_users failed: .*already exists/);
    await close();
  });

  it('seeds demo accounts once, and only the root admin in production', async () => {
    const demo = await openDatabase({ kind: 'sqlite', file: tempFile() });
    await migrate(demo.db, 'sqlite');
    const cfg = { env: 'development' as const, demoPassword: 'demo123456', admin: { username: 'rootadmin' } };
    const first = await seedInitialAccounts(demo.db, cfg, Date.now());
    expect(first.kind).toBe('demo');
    // One account per role of spec 6, and demo_submanager below demo_manager (README "Demo accounts").
    expect(first.usernames).toHaveLength(13);
    expect(first.usernames.every((u) => u.length <= 20)).toBe(true);
    expect((await seedInitialAccounts(demo.db, cfg, Date.now())).kind).toBe('none');
    const helper = await demo.db.selectFrom('users').selectAll().where('username', '=', 'demo_helper').executeTakeFirstOrThrow();
    const manager = await demo.db.selectFrom('users').selectAll().where('username', '=', 'demo_manager').executeTakeFirstOrThrow();
    expect(helper.parent_id).toBe(manager.id);
    expect(helper.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(helper.password_hash, 'demo123456')).toBe(true);
    await demo.close();

    const prod = await openDatabase({ kind: 'sqlite', file: tempFile() });
    await migrate(prod.db, 'sqlite');
    const seeded = await seedInitialAccounts(
      prod.db,
      {
        env: 'production',
        demoPassword: 'x',
        admin: { username: 'rootadmin', password: 'Str0ng-pass' },
      },
      Date.now(),
    );
    expect(seeded).toEqual({ kind: 'admin', usernames: ['rootadmin'] });
    const users = await prod.db.selectFrom('users').select(['username', 'roles']).execute();
    expect(users).toEqual([{ username: 'rootadmin', roles: '["root"]' }]);
    await prod.close();
  });
});

/** A fresh database of either kind, and how to remove it. */
async function freshDatabase(dialect: 'sqlite' | 'postgres'): Promise<OpenDatabase & { schema?: string; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const opened = await openDatabase({ kind: 'sqlite', file: tempFile() });
    return { ...opened, drop: opened.close };
  }
  const schema = `t_db_${process.pid}_${Date.now().toString(36)}`;
  const opened = await openDatabase({ kind: 'postgres', url: PG_URL, schema });
  return {
    ...opened,
    schema,
    drop: async () => {
      // The schema itself is dropped when every test file is done (global-setup.ts), not under the others.
      await opened.close();
    },
  };
}

/** SQLite's columns of users, and the schema of everything else. */
async function sqliteShape(db: Db): Promise<{ columns: unknown[]; others: unknown[] }> {
  const columns = (await sql`pragma table_xinfo(users)`.execute(db)).rows;
  const others = (await sql`select type, name, sql from sqlite_master where tbl_name != 'users' order by name`.execute(db)).rows;
  return { columns, others };
}

describe('the pool connection of DATABASE_URL', () => {
  it("takes its options parameter out of the URL and puts it after the server's session options", () => {
    const ours = '-c max_parallel_workers_per_gather=0 -c jit=off -c search_path=s';
    expect(poolConnection('postgres://u@h/db', 's')).toEqual({ connectionString: 'postgres://u@h/db', options: ours });
    expect(poolConnection('postgres://u@h/db?options=-c%20statement_timeout%3D5000', 's')).toEqual({
      connectionString: 'postgres://u@h/db',
      options: `${ours} -c statement_timeout=5000`,
    });
    expect(poolConnection('postgres://u@h/db?sslmode=require&options=-c+a%3D1&application_name=x', 's')).toEqual({
      connectionString: 'postgres://u@h/db?sslmode=require&application_name=x',
      options: `${ours} -c a=1`,
    });
    expect(poolConnection('postgres://u@h/db?a=1&options=-c%20b%3D2').connectionString).toBe('postgres://u@h/db?a=1');
  });
});

describe.runIf(dialects.includes('postgres'))('database connections on postgres', () => {
  it('opens each session without parallel workers or JIT, in the configured schema', async () => {
    const schema = `t_${process.pid}_conn`;
    const { db, close } = await openDatabase({ kind: 'postgres', url: PG_URL, schema });
    try {
      // Several sessions at once: each of the pool's connections is opened so, not only the first.
      const read = () =>
        sql<{ workers: string; jit: string; path: string }>`select current_setting('max_parallel_workers_per_gather') as workers,
          current_setting('jit') as jit, current_setting('search_path') as path, pg_sleep(0.05)`.execute(db);
      const sessions = await Promise.all([read(), read(), read()]);
      for (const { rows } of sessions) expect(rows[0]).toMatchObject({ workers: '0', jit: 'off', path: schema });
    } finally {
      await close();
    }
  });

  it("adds DATABASE_URL's own session options after the server's (theirs win where both set one)", async () => {
    const schema = `t_${process.pid}_conn`;
    const url = new URL(PG_URL);
    url.searchParams.set('options', '-c statement_timeout=4321 -c jit=on');
    const { db, close } = await openDatabase({ kind: 'postgres', url: url.toString(), schema });
    try {
      const { rows } = await sql<{ workers: string; jit: string; timeout: string; path: string }>`select
        current_setting('max_parallel_workers_per_gather') as workers, current_setting('jit') as jit,
        current_setting('statement_timeout') as timeout, current_setting('search_path') as path`.execute(db);
      expect(rows[0]).toEqual({ workers: '0', jit: 'on', timeout: '4321ms', path: schema });
    } finally {
      await close();
    }
  });

  it('lives through its idle connections being closed by the database, says so, and queries on', async () => {
    const warnings: string[] = [];
    // Named as global-setup.ts drops it once every file is done: dropped here, under the others' introspection, it made
    // another file's migration fail with "schema … does not exist".
    const schema = `t_${process.pid}_conn`;
    // Its connections carry a name of their own, so that only they are killed (other files' tests run beside it).
    const app = `dms_conn_${process.pid}`;
    const url = new URL(PG_URL);
    url.searchParams.set('application_name', app);
    const { db, close } = await openDatabase(
      { kind: 'postgres', url: url.toString(), schema },
      { warn: (_fields: unknown, message: string) => warnings.push(message) },
    );
    try {
      await sql`select 1`.execute(db);
      // The administrator's kill of the pool's connections, idle in it now.
      const admin = await openDatabase({ kind: 'postgres', url: PG_URL });
      try {
        const pids = (await sql<{ pid: number }>`select pid from pg_stat_activity where application_name = ${app}`.execute(admin.db)).rows;
        expect(pids.length).toBeGreaterThan(0);
        for (const { pid } of pids) await sql`select pg_terminate_backend(${pid})`.execute(admin.db);
      } finally {
        await admin.close();
      }
      await new Promise((r) => setTimeout(r, 200));
      expect(warnings).toContain('an idle database connection was closed; the next query opens another');
      expect((await sql<{ n: number }>`select 1 as n`.execute(db)).rows).toEqual([{ n: 1 }]);
    } finally {
      await close();
    }
  });
});

describe.each(dialects)("migration 0009 (a user's template is a template) on %s", (dialect) => {
  it('keeps every user, their ids and every reference to them; clears template ids that name nothing; refuses the delete of a held template', async () => {
    const { db, schema, drop } = await freshDatabase(dialect);
    try {
      await migrate(db, dialect, schema, '0008_people');
      const now = Date.now();
      const { id: templateId } = await db
        .insertInto('permission_templates')
        .values({
          name: 'Held',
          level: 6,
          builtin: null,
          default_read: 1,
          default_write: 'all',
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = (username: string, parent: number | null, template: number | null) =>
        db
          .insertInto('users')
          .values({
            username,
            password_hash: 'x',
            roles: '["manager"]',
            level: 4,
            name: username,
            parent_id: parent,
            template_id: template,
            is_manager: 0,
            avatar: '',
            introduction: '',
            remark: '',
            created_at: now,
            password_changed_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const top = await user('top', null, null);
      const holder = await user('holder', top.id, templateId);
      const orphan = await user('orphan', top.id, templateId + 1000); // a template deleted before 0009
      const gone = await user('gone', null, null);
      await db.deleteFrom('users').where('id', '=', gone.id).execute();
      await db
        .insertInto('sessions')
        .values({ token_hash: 'h1', user_id: holder.id, created_at: now, expires_at: now + 1000, ip: '', user_agent: '' })
        .execute();

      const shape = dialect === 'sqlite' ? await sqliteShape(db) : null;

      expect(await migrate(db, dialect, schema, '0009_user_template_fk')).toEqual(['0009_user_template_fk']);

      // SQLite's rebuilt table has the columns it had, and no other table's schema changed.
      if (shape) expect(await sqliteShape(db)).toEqual(shape);

      const rows = await db.selectFrom('users').select(['id', 'username', 'parent_id', 'template_id']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: top.id, username: 'top', parent_id: null, template_id: null },
        { id: holder.id, username: 'holder', parent_id: top.id, template_id: templateId },
        { id: orphan.id, username: 'orphan', parent_id: top.id, template_id: null },
      ]);
      // No deleted user's id is given again.
      expect((await user('next', null, null)).id).toBeGreaterThan(gone.id);
      // The template a user holds cannot be deleted, even straight in SQL; nor can a user be given one that is not there.
      const refused = await db
        .deleteFrom('permission_templates')
        .where('id', '=', templateId)
        .execute()
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(refused).toBeInstanceOf(Error);
      // What the service answers 40905 by, when a user is given the template between its check and its delete.
      expect(isForeignKeyViolation(refused)).toBe(true);
      await expect(
        db
          .updateTable('users')
          .set({ template_id: templateId + 1000 })
          .where('id', '=', top.id)
          .execute(),
      ).rejects.toThrow(/foreign key/i);
      // The other tables' references to users work as before: a user's sessions go with them, children lose their parent.
      await db.deleteFrom('users').where('id', '=', holder.id).execute();
      expect(await db.selectFrom('sessions').select('id').execute()).toEqual([]);
      await db.deleteFrom('users').where('id', '=', top.id).execute();
      expect(await db.selectFrom('users').select('parent_id').where('id', '=', orphan.id).executeTakeFirstOrThrow()).toEqual({
        parent_id: null,
      });
      await db.deleteFrom('permission_templates').where('id', '=', templateId).execute();
      if (dialect === 'sqlite') {
        expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows).toEqual([{ foreign_keys: 1 }]);
        expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
        const indexes = await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and tbl_name = 'users' order by name`.execute(db);
        expect(indexes.rows.map((r) => r.name)).toEqual([
          'sqlite_autoindex_users_1',
          'users_ck_idx',
          'users_parent_idx',
          'users_template_idx',
        ]);
        expect((await sql<{ name: string }>`select name from sqlite_master where name = 'users_0009'`.execute(db)).rows).toEqual([]);
      }
    } finally {
      await drop();
    }
  });
});

describe.each(dialects)('migration 0010 (controller types are versioned) on %s', (dialect) => {
  it('makes each type that exists its version 1, with its register rows as they were', async () => {
    const { db, schema, drop } = await freshDatabase(dialect);
    try {
      await migrate(db, dialect, schema, '0009_user_template_fk');
      const name = JSON.stringify({ en: 'Old', zh: '旧', es: 'Viejo', ja: '旧型' });
      // The row as 0003 made the table, without the columns 0010 adds (the typed schema is the latest).
      const { id } = await db
        .insertInto('controller_types')
        .values({ code: 'old-type', kind: 'plc', name, builtin: 0, created_at: 1000, updated_at: 2000 } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const register = { name, format: 'number', unit: 'bar', decimals: 1, writable: 1, min: 0, max: 10, options: null, bits: null };
      await db
        .insertInto('controller_registers')
        .values([
          { type_id: id, number: 2, key: 'b', ...register },
          { type_id: id, number: 1, key: 'a', ...register },
        ])
        .execute();

      expect(await migrate(db, dialect, schema, '0010_type_versions')).toEqual(['0010_type_versions']);

      const type = await db.selectFrom('controller_types').select(['version', 'updated_by']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(type).toEqual({ version: 1, updated_by: null });
      const versions = await db.selectFrom('controller_type_versions').selectAll().execute();
      expect(versions).toEqual([
        { type_id: id, version: 1, kind: 'plc', name, created_at: 2000, created_by: null, registers: expect.any(String) as string },
      ]);
      const rows = JSON.parse(versions[0]?.registers ?? '[]') as Array<{ number: number; key: string; min: number }>;
      expect(rows.map((r) => [r.number, r.key, r.min])).toEqual([
        [1, 'a', 0],
        [2, 'b', 0],
      ]);
    } finally {
      await drop();
    }
  });
});

describe.each(dialects)('migration 0012 (how a register reads its words) on %s', (dialect) => {
  it('gives every register that exists the coding it had: one unsigned integer word scaled by its decimals', async () => {
    const { db, schema, drop } = await freshDatabase(dialect);
    try {
      await migrate(db, dialect, schema, '0011_type_relations');
      const name = JSON.stringify({ en: 'Old', zh: '旧', es: 'Viejo', ja: '旧型' });
      const { id } = await db
        .insertInto('controller_types')
        .values({ code: 'old-type', kind: 'plc', name, builtin: 0, created_at: 1000, updated_at: 2000, version: 1, updated_by: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The row as 0003 made the table, without the columns 0012 adds (the typed schema is the latest).
      const register = { name, format: 'number', unit: 'bar', decimals: 1, writable: 1, min: 0, max: 10, options: null, bits: null };
      await db
        .insertInto('controller_registers')
        .values({ type_id: id, number: 1, key: 'a', ...register })
        .execute();

      expect(await migrate(db, dialect, schema, '0012_register_coding')).toEqual(['0012_register_coding']);

      const row = await db
        .selectFrom('controller_registers')
        .select(['words', 'word_order', 'signed', 'encoding', 'value_factor', 'value_offset'])
        .where('type_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ words: 1, word_order: 'high-first', signed: 0, encoding: 'int', value_factor: null, value_offset: null });
    } finally {
      await drop();
    }
  });
});

describe.each(dialects)('migration 0013 (operating registers and the switch role) on %s', (dialect) => {
  it('marks what the code knew by key: writable operating registers and the start/stop commands, nothing else', async () => {
    const { db, schema, drop } = await freshDatabase(dialect);
    try {
      await migrate(db, dialect, schema, '0012_register_coding');
      const name = JSON.stringify({ en: 'Old', zh: '旧', es: 'Viejo', ja: '旧型' });
      const { id } = await db
        .insertInto('controller_types')
        .values({ code: 'old-type', kind: 'plc', name, builtin: 0, created_at: 1000, updated_at: 2000, version: 1, updated_by: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const register = { name, format: 'number', unit: '', decimals: 0, min: null, max: null, options: null, bits: null };
      // As 0012 left the table: without the columns 0013 adds (the typed schema is the latest).
      await db
        .insertInto('controller_registers')
        .values([
          { type_id: id, number: 1, key: 'start_stop_command', writable: 1, ...register },
          { type_id: id, number: 2, key: 'target_pressure', writable: 1, ...register },
          { type_id: id, number: 3, key: 'high_pressure_alarm', writable: 1, ...register },
          { type_id: id, number: 4, key: 'speed_setpoint', writable: 0, ...register },
          { type_id: id, number: 5, key: 'command', writable: 1, ...register },
        ])
        .execute();

      expect(await migrate(db, dialect, schema, '0013_register_roles')).toEqual(['0013_register_roles']);

      const rows = await db
        .selectFrom('controller_registers')
        .select(['key', 'operating', 'role'])
        .where('type_id', '=', id)
        .orderBy('number')
        .execute();
      expect(rows).toEqual([
        { key: 'start_stop_command', operating: 1, role: 'switch' },
        { key: 'target_pressure', operating: 1, role: null },
        { key: 'high_pressure_alarm', operating: 0, role: null },
        { key: 'speed_setpoint', operating: 0, role: null },
        { key: 'command', operating: 1, role: 'switch' },
      ]);
    } finally {
      await drop();
    }
  });
});

describe.each(dialects)('migration 0014 (the charts of a type) on %s', (dialect) => {
  it("gives every type that exists the charts its devices showed: maglev blowers' four, the others two", async () => {
    const { db, schema, drop } = await freshDatabase(dialect);
    try {
      await migrate(db, dialect, schema, '0013_register_roles');
      const name = JSON.stringify({ en: 'Old', zh: '旧', es: 'Viejo', ja: '旧型' });
      const row = { name, builtin: 0, created_at: 1000, updated_at: 2000, version: 1, updated_by: null };
      // As 0013 left the table: without the column 0014 adds (the typed schema is the latest).
      await db
        .insertInto('controller_types')
        .values([
          { code: 'old-blower', kind: 'maglev', ...row },
          { code: 'old-plc', kind: 'plc', ...row },
        ])
        .execute();

      expect(await migrate(db, dialect, schema, '0014_type_charts')).toEqual(['0014_type_charts']);

      const rows = await db.selectFrom('controller_types').select(['code', 'charts']).orderBy('code').execute();
      expect(rows.map((r) => [r.code, JSON.parse(r.charts ?? 'null') as unknown])).toEqual([
        ['old-blower', ['history-curves', 'kline', 'maglev-charts', 'maglev-region']],
        ['old-plc', ['history-curves', 'kline']],
      ]);
    } finally {
      await drop();
    }
  });
});

describe.each(dialects)('migration 0015 (CK codes) on %s', (dialect) => {
  it('configures every CK code that boxes and users already carry, without a company, and limits no type', async () => {
    const { db, schema, drop } = await freshDatabase(dialect);
    try {
      await migrate(db, dialect, schema, '0014_type_charts');
      const now = 1000;
      const user = (username: string, ck: string | null) =>
        db
          .insertInto('users')
          .values({
            username,
            password_hash: 'x',
            roles: '["manager"]',
            level: 4,
            name: username,
            is_manager: 0,
            avatar: '',
            introduction: '',
            remark: '',
            created_at: now,
            password_changed_at: now,
            ck,
            group_extra: ck,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const owner = await user('factory', '1333');
      await user('nobody', null);
      const box = (box_id: number, ck: string | null) => ({
        box_id,
        owner_id: owner.id,
        secret_hash: 'x',
        box_type: 'DTU',
        contact: '',
        company_name: '',
        push_warning: 1,
        push_fault: 1,
        push_normal: 1,
        registered_at: now,
        registered_by: owner.id,
        online: 0,
        ck,
        ck_set_at: ck ? now : null,
      });
      await db
        .insertInto('boxes')
        .values([box(1, '1333'), box(2, '2001'), box(3, null)])
        .execute();

      expect(await migrate(db, dialect, schema, '0015_ck_codes')).toEqual(['0015_ck_codes']);

      const codes = await db.selectFrom('ck_codes').select(['ck', 'company']).orderBy('ck').execute();
      expect(codes).toEqual([
        { ck: '1333', company: '' },
        { ck: '2001', company: '' },
      ]);
      expect(await db.selectFrom('ck_types').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('box_ck_changes').selectAll().execute()).toEqual([]);
    } finally {
      await drop();
    }
  });
});
