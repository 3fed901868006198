import { sql } from 'kysely';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_TEMPLATES, type BoxCredentials, type RegisterDef, type TypeEditView } from '@dms/contract';
import { invalidateTemplates, registerRights } from '../src/access/index.js';
import { ensureBuiltinTemplates } from '../src/modules/permission-templates/seed.js';
import type { AuthContext } from '../src/types.js';
import { connectBox, data, eventually, hello, registerBoxes, send } from './boxes.js';
import { bearer, body, buildTestApp, insertTemplate, login, testDialects, userIds, type TestApp } from './helper.js';
import { reg } from './registers.js';

const dialects = await testDialects();
const TARGET_PRESSURE = reg('screw-compressor', 'target_pressure'); // an operating setpoint
const HIGH_PRESSURE_ALARM = reg('screw-compressor', 'high_pressure_alarm'); // a protection limit

/** docs/people.md "Permission templates": what a user's template lets them write, on the server's write path. */
describe.each(dialects)('permission templates on register writes, on %s', (dialect) => {
  let t: TestApp;
  let client: MqttClient;
  let endUserBox: BoxCredentials;
  let managerBox: BoxCredentials;
  let uid: (username: string) => number;

  const write = async (username: string, box: BoxCredentials, register: number, value: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v2/devices/${box.boxId}/1/registers/${register}`,
      headers: { ...bearer(await login(t.app, username)), 'accept-language': 'en' },
      payload: { value },
    });
  const giveTemplate = async (username: string, templateId: number | null) => {
    await t.app.db.updateTable('users').set({ template_id: templateId }).where('id', '=', uid(username)).execute();
  };
  const builtin = async (key: string) =>
    (await t.app.db.selectFrom('permission_templates').select('id').where('builtin', '=', key).executeTakeFirstOrThrow()).id;
  /** A template that reads and writes every register (what Full control allows), held by no one yet. */
  const writesAll = (name: string) => insertTemplate(t.app.db, { name, defaultRead: true, defaultWrite: 'all' });
  /**
   * Deletes a template row past the foreign key that refuses it while a user holds it (migration 0009): the row gone
   * the way old data, a hand edit or a restore can leave it. SQLite: with foreign keys off; PostgreSQL: in a
   * transaction whose constraint triggers do not fire.
   */
  const deleteTemplateUnchecked = async (id: number) => {
    await t.app.db.deleteFrom('permission_template_rights').where('template_id', '=', id).execute();
    if (dialect === 'sqlite') {
      await sql`pragma foreign_keys = off`.execute(t.app.db);
      try {
        await t.app.db.deleteFrom('permission_templates').where('id', '=', id).execute();
      } finally {
        await sql`pragma foreign_keys = on`.execute(t.app.db);
      }
    } else {
      await t.app.db.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await trx.deleteFrom('permission_templates').where('id', '=', id).execute();
      });
    }
    invalidateTemplates();
  };
  /** The signed-in context of a user as the checks see it, with the template id given. */
  const authOf = async (username: string, templateId: number | null): Promise<AuthContext> => {
    const user = await t.app.db.selectFrom('users').selectAll().where('id', '=', uid(username)).executeTakeFirstOrThrow();
    return { user: { ...user, template_id: templateId }, roles: JSON.parse(user.roles) as string[], sessionId: 0 };
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { WRITE_TIMEOUT_MS: '300' });
    uid = await userIds(t);
    [endUserBox] = (await registerBoxes(t.app, 6101, 6101, 'demo_end_user')) as [BoxCredentials];
    [managerBox] = (await registerBoxes(t.app, 6102, 6102, 'demo_manager')) as [BoxCredentials];
    // One connected box that never answers writes: a write the template allows goes out and times out (200).
    client = await connectBox(t.app.mqttPort, endUserBox);
    await send(client, endUserBox.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    await send(client, endUserBox.boxId, 'data', data(t.clock.now, { '1': { [TARGET_PRESSURE]: 70 } }));
    const manager = await connectBox(t.app.mqttPort, managerBox);
    await send(manager, managerBox.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    await manager.endAsync(true);
    await eventually(() => {
      expect(t.app.ingest.deviceAt(endUserBox.boxId, 1)?.type).toBeTruthy();
      expect(t.app.ingest.deviceAt(managerBox.boxId, 1)?.type).toBeTruthy();
    });
  });
  afterAll(async () => {
    await client.endAsync(true);
    await t.close();
  });

  it('seeds the built-in templates on a fresh install', async () => {
    const rows = await t.app.db
      .selectFrom('permission_templates')
      .select(['builtin', 'name', 'level', 'default_write'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual(BUILTIN_TEMPLATES.map((b) => ({ builtin: b.key, name: b.name, level: b.level, default_write: b.defaultWrite })));
  });

  it('an end user with no template (Operator) writes a setpoint, not a protection limit', async () => {
    const setpoint = await write('demo_end_user', endUserBox, TARGET_PRESSURE, 0.75);
    expect(body(setpoint)).toMatchObject({ code: 20000, data: { outcome: 'timed_out' } });
    const limit = await write('demo_end_user', endUserBox, HIGH_PRESSURE_ALARM, 1.2);
    expect(limit.statusCode).toBe(403);
    expect(body(limit)).toEqual({
      code: 40300,
      message: 'Your permission template does not allow writing High pressure alarm.',
    });
  });

  it("the operating flag is the map's: root marks the protection limit operating and unmarks the setpoint, and Operator follows at once", async () => {
    const root = await login(t.app, 'demo_root');
    const typeId = t.app.ingest.deviceAt(endUserBox.boxId, 1)?.type?.id ?? 0;
    const api = (method: 'GET' | 'PUT', payload?: Record<string, unknown>) =>
      t.app.inject({ method, url: `/api/v2/controller-types/${typeId}${method === 'GET' ? '/edit' : ''}`, headers: bearer(root), payload });
    const view = body(await api('GET')).data as TypeEditView;
    const flip = (r: RegisterDef, operating: boolean): RegisterDef => {
      const { operating: _was, ...rest } = r;
      return operating ? { ...rest, operating } : rest;
    };
    const saveWith = async (v: TypeEditView, marks: Record<number, boolean>) => {
      const registers = v.registers.map((r) => (r.number in marks ? flip(r, marks[r.number] === true) : r));
      expect(body(await api('PUT', { name: v.name, kind: v.kind, version: v.version, registers }))).toMatchObject({ code: 20000 });
    };
    expect(view.registers.find((r) => r.number === TARGET_PRESSURE)).toMatchObject({ operating: true });
    expect(view.registers.find((r) => r.number === HIGH_PRESSURE_ALARM)?.operating).toBeUndefined();
    await saveWith(view, { [HIGH_PRESSURE_ALARM]: true, [TARGET_PRESSURE]: false });
    try {
      await eventually(async () => {
        expect(body(await write('demo_end_user', endUserBox, HIGH_PRESSURE_ALARM, 1.2))).toMatchObject({ code: 20000 });
      });
      expect(body(await write('demo_end_user', endUserBox, TARGET_PRESSURE, 0.75))).toEqual({
        code: 40300,
        message: 'Your permission template does not allow writing Target pressure (VSD).',
      });
    } finally {
      await saveWith(body(await api('GET')).data as TypeEditView, { [HIGH_PRESSURE_ALARM]: false, [TARGET_PRESSURE]: true });
    }
    await eventually(async () => {
      expect(body(await write('demo_end_user', endUserBox, TARGET_PRESSURE, 0.75))).toMatchObject({ code: 20000 });
    });
  });

  it('Read only refuses every write; a right on one register opens that register alone; Full control writes all', async () => {
    await giveTemplate('demo_end_user', await builtin('read-only'));
    expect(body(await write('demo_end_user', endUserBox, TARGET_PRESSURE, 0.75))).toMatchObject({
      code: 40300,
      message: 'Your permission template does not allow writing Target pressure (VSD).',
    });
    const typeId = t.app.ingest.deviceAt(endUserBox.boxId, 1)?.type?.id ?? 0;
    const id = await insertTemplate(t.app.db, { name: 'Alarm tuning', defaultRead: true, defaultWrite: 'none' }, [
      { typeId, register: HIGH_PRESSURE_ALARM, read: true, write: true },
    ]);
    invalidateTemplates();
    await giveTemplate('demo_end_user', id);
    expect(body(await write('demo_end_user', endUserBox, HIGH_PRESSURE_ALARM, 1.2))).toMatchObject({ code: 20000 });
    expect(body(await write('demo_end_user', endUserBox, TARGET_PRESSURE, 0.75))).toMatchObject({ code: 40300 });
    await giveTemplate('demo_end_user', await builtin('full'));
    expect(body(await write('demo_end_user', endUserBox, HIGH_PRESSURE_ALARM, 1.2))).toMatchObject({ code: 20000 });
    await giveTemplate('demo_end_user', null);
  });

  it('a manager with no template (Full control) writes a protection limit of their own device; the template never widens the device right', async () => {
    // The manager's box is offline: the write passes both checks and is refused only for that (409).
    expect(body(await write('demo_manager', managerBox, HIGH_PRESSURE_ALARM, 1.2))).toMatchObject({ code: 40902 });
    await giveTemplate('demo_helper', await builtin('full'));
    expect((await write('demo_helper', managerBox, TARGET_PRESSURE, 0.75)).statusCode).toBe(403);
    await giveTemplate('demo_helper', null);
  });

  it("a template never writes what it cannot read (the contract's registerRight, as the editor shows it)", async () => {
    const typeId = t.app.ingest.deviceAt(endUserBox.boxId, 1)?.type?.id ?? 0;
    const id = await insertTemplate(t.app.db, { name: 'Blind writer', defaultRead: false, defaultWrite: 'all' }, [
      { typeId, register: TARGET_PRESSURE, read: false, write: true },
    ]);
    invalidateTemplates();
    await giveTemplate('demo_end_user', id);
    // Reads none by default and writes all by default: writes nothing it does not also read.
    expect(body(await write('demo_end_user', endUserBox, HIGH_PRESSURE_ALARM, 1.2))).toMatchObject({ code: 40300 });
    // Named write without read: no write either.
    expect(body(await write('demo_end_user', endUserBox, TARGET_PRESSURE, 0.75))).toMatchObject({ code: 40300 });
    await giveTemplate('demo_end_user', null);
  });

  it('refuses, straight in SQL, the delete of a template a user holds (the foreign key of migration 0009)', async () => {
    const id = await writesAll('Held');
    await giveTemplate('demo_end_user', id);
    await expect(t.app.db.deleteFrom('permission_templates').where('id', '=', id).execute()).rejects.toThrow(/foreign key/i);
    // Nor can a user be given a template that is not there.
    await expect(giveTemplate('demo_end_user', id + 10_000)).rejects.toThrow(/foreign key/i);
    await giveTemplate('demo_end_user', null);
    await t.app.db.deleteFrom('permission_templates').where('id', '=', id).execute();
  });

  it('a template deleted under its holder fails closed: an end user falls back to Operator, a manager to Read only, never to Full control', async () => {
    const forEndUser = await writesAll('Gone for the end user');
    const forManager = await writesAll('Gone for the manager');
    await giveTemplate('demo_end_user', forEndUser);
    await giveTemplate('demo_manager', forManager);
    invalidateTemplates();
    expect(body(await write('demo_end_user', endUserBox, HIGH_PRESSURE_ALARM, 1.2))).toMatchObject({ code: 20000 });
    expect(body(await write('demo_manager', managerBox, HIGH_PRESSURE_ALARM, 1.2))).toMatchObject({ code: 40902 });

    await deleteTemplateUnchecked(forEndUser);
    await deleteTemplateUnchecked(forManager);
    // The end user: Operator, a setpoint and no protection limit.
    expect(body(await write('demo_end_user', endUserBox, HIGH_PRESSURE_ALARM, 1.2))).toMatchObject({ code: 40300 });
    expect(body(await write('demo_end_user', endUserBox, TARGET_PRESSURE, 0.75))).toMatchObject({ code: 20000 });
    // The manager: Read only, every register read and none written (refused before the offline box is looked at).
    expect(body(await write('demo_manager', managerBox, HIGH_PRESSURE_ALARM, 1.2))).toMatchObject({ code: 40300 });
    expect(body(await write('demo_manager', managerBox, TARGET_PRESSURE, 0.75))).toMatchObject({ code: 40300 });
    const manager = await registerRights(t.app.db, await authOf('demo_manager', forManager));
    expect(manager.readsAll).toBe(true);
    expect(manager.canWrite(1, HIGH_PRESSURE_ALARM, false)).toBe(false);
    await giveTemplate('demo_end_user', null);
    await giveTemplate('demo_manager', null);
  });

  it("a template id that names no row gets the role's fallback, and nothing at all when that built-in row is missing too", async () => {
    const missing = 999_999;
    const typeId = t.app.ingest.deviceAt(endUserBox.boxId, 1)?.type?.id ?? 0;
    const endUser = await registerRights(t.app.db, await authOf('demo_end_user', missing));
    expect(endUser.readsAll).toBe(true);
    expect(endUser.canWrite(typeId, TARGET_PRESSURE, true)).toBe(true);
    expect(endUser.canWrite(typeId, HIGH_PRESSURE_ALARM, false)).toBe(false);
    const manager = await registerRights(t.app.db, await authOf('demo_manager', missing));
    expect(manager.readsAll).toBe(true);
    expect(manager.canWrite(typeId, TARGET_PRESSURE, true)).toBe(false);
    // Root, admin and limited_admin keep full rights whatever their template.
    expect((await registerRights(t.app.db, await authOf('demo_root', missing))).canWrite(typeId, HIGH_PRESSURE_ALARM, false)).toBe(true);

    // The built-in rows gone too (no user holds them): no register read, none written.
    await t.app.db.deleteFrom('permission_templates').where('builtin', 'in', ['operator', 'read-only', 'full']).execute();
    invalidateTemplates();
    try {
      for (const username of ['demo_end_user', 'demo_manager']) {
        for (const templateId of [missing, null]) {
          const rights = await registerRights(t.app.db, await authOf(username, templateId));
          expect(rights.readsAll).toBe(false);
          expect(rights.reads).toEqual({ byDefault: false, except: [] });
          expect(rights.canRead(typeId, TARGET_PRESSURE)).toBe(false);
          expect(rights.canWrite(typeId, TARGET_PRESSURE, true)).toBe(false);
        }
      }
      expect(body(await write('demo_end_user', endUserBox, TARGET_PRESSURE, 0.75))).toMatchObject({ code: 40300 });
    } finally {
      await ensureBuiltinTemplates(t.app.db, Date.now());
      invalidateTemplates();
    }
  });

  it('with only Full control missing, a manager given no template reads everything and writes nothing (Read only)', async () => {
    await t.app.db.deleteFrom('permission_templates').where('builtin', '=', 'full').execute();
    invalidateTemplates();
    try {
      const rights = await registerRights(t.app.db, await authOf('demo_manager', null));
      expect(rights.readsAll).toBe(true);
      expect(rights.canWrite(1, HIGH_PRESSURE_ALARM, false)).toBe(false);
    } finally {
      await ensureBuiltinTemplates(t.app.db, Date.now());
      invalidateTemplates();
    }
  });
});
