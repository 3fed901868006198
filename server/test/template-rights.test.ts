import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_TEMPLATES, type BoxCredentials } from '@dms/contract';
import { invalidateTemplates } from '../src/access/index.js';
import { connectBox, data, eventually, hello, registerBoxes, send } from './boxes.js';
import { bearer, body, buildTestApp, login, testDialects, userIds, type TestApp } from './helper.js';
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

  it('Read only refuses every write; a right on one register opens that register alone; Full control writes all', async () => {
    await giveTemplate('demo_end_user', await builtin('read-only'));
    expect(body(await write('demo_end_user', endUserBox, TARGET_PRESSURE, 0.75))).toMatchObject({
      code: 40300,
      message: 'Your permission template does not allow writing Target pressure (VSD).',
    });
    const now = Date.now();
    const { id } = await t.app.db
      .insertInto('permission_templates')
      .values({
        name: 'Alarm tuning',
        level: 6,
        builtin: null,
        default_read: 1,
        default_write: 'none',
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const typeId = t.app.ingest.deviceAt(endUserBox.boxId, 1)?.type?.id ?? 0;
    await t.app.db
      .insertInto('permission_template_rights')
      .values({ template_id: id, type_id: typeId, register_number: HIGH_PRESSURE_ALARM, can_read: 1, can_write: 1 })
      .execute();
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
});
