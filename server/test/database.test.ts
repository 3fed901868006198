import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrate, MigrationError } from '../src/db/migrations.js';
import { seedInitialAccounts } from '../src/modules/user/seed.js';
import { verifyPassword } from '../src/security/passwords.js';

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
  it('migrates an empty SQLite file in WAL mode, and a second run changes nothing', async () => {
    const file = tempFile();
    const { db, close } = await openDatabase({ kind: 'sqlite', file });
    expect(await migrate(db, 'sqlite')).toEqual([
      '0001_users',
      '0002_operation_log',
      '0003_controller_types',
      '0004_devices',
      '0005_device_fields',
      '0006_client_errors',
      '0007_history_box_ts',
      '0008_people',
    ]);
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
    const first = await seedInitialAccounts(demo.db, cfg);
    expect(first.kind).toBe('demo');
    // One account per role of spec 6, and demo_submanager below demo_manager (README "Demo accounts").
    expect(first.usernames).toHaveLength(13);
    expect(first.usernames.every((u) => u.length <= 20)).toBe(true);
    expect((await seedInitialAccounts(demo.db, cfg)).kind).toBe('none');
    const helper = await demo.db.selectFrom('users').selectAll().where('username', '=', 'demo_helper').executeTakeFirstOrThrow();
    const manager = await demo.db.selectFrom('users').selectAll().where('username', '=', 'demo_manager').executeTakeFirstOrThrow();
    expect(helper.parent_id).toBe(manager.id);
    expect(helper.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(helper.password_hash, 'demo123456')).toBe(true);
    await demo.close();

    const prod = await openDatabase({ kind: 'sqlite', file: tempFile() });
    await migrate(prod.db, 'sqlite');
    const seeded = await seedInitialAccounts(prod.db, {
      env: 'production',
      demoPassword: 'x',
      admin: { username: 'rootadmin', password: 'Str0ng-pass' },
    });
    expect(seeded).toEqual({ kind: 'admin', usernames: ['rootadmin'] });
    const users = await prod.db.selectFrom('users').select(['username', 'roles']).execute();
    expect(users).toEqual([{ username: 'rootadmin', roles: '["root"]' }]);
    await prod.close();
  });
});
