import { Code, DEVICE_FIELD_NAMES, type DevicePropertiesImportResult } from '@dms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBoxes } from './boxes.js';
import { apiAs, buildTestApp, insertOnlineDevice, login, testDialects, userIds, type TestApp } from './helper.js';

const dialects = await testDialects();
const BOX = 8971;
const URL = '/smartbox/device-property';
const csv = (text: string) => ({ fileName: 'devices.csv', content: Buffer.from(text, 'utf8').toString('base64') });

/** Devices' descriptive properties (/smartbox/device-property; root; issue 23): set in bulk, or imported from a sheet. */
describe.each(dialects)('devices’ properties (%s)', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const { ok, refused } = apiAs(() => t.app, tokens);
  let devices: number[] = [];
  const stored = (id: number) =>
    t.app.db
      .selectFrom('devices')
      .select(['company', 'model', 'iot_module', 'install_date', 'remark'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    for (const u of ['demo_root', 'demo_limited_admin', 'demo_manager']) tokens[u] = await login(t.app, u);
    const uid = await userIds(t);
    await registerBoxes(t.app, BOX, BOX + 1);
    devices = [
      await insertOnlineDevice(t, BOX, 1, uid('demo_manager')),
      await insertOnlineDevice(t, BOX, 2, uid('demo_manager')),
      await insertOnlineDevice(t, BOX + 1, 1, uid('demo_manager')),
    ];
  });
  afterAll(async () => t.close());

  it('sets what is given on every device named, keeps the rest, and logs it', async () => {
    await t.app.db.updateTable('devices').set({ remark: 'kept' }).where('id', 'in', devices).execute();
    expect(
      await ok('demo_root', 'POST', URL, { deviceIds: devices.slice(0, 2), fields: { model: 'GA-37', installDate: '2026-01-15' } }),
    ).toEqual({
      updated: 2,
    });
    for (const id of devices.slice(0, 2))
      expect(await stored(id)).toMatchObject({ model: 'GA-37', install_date: '2026-01-15', remark: 'kept' });
    expect(await stored(devices[2] ?? 0)).toMatchObject({ model: '' });
    const logged = await t.app.db
      .selectFrom('operation_log')
      .select(['target', 'new_value'])
      .where('action', '=', 'smartbox.setDeviceProperties')
      .execute();
    expect(logged).toEqual([{ target: '2 device(s)', new_value: '{"model":"GA-37","installDate":"2026-01-15"}' }]);
  });

  it('refuses bad bulk edits with their messages, and anyone but root', async () => {
    const bad = (payload: object, message: string) =>
      refused('demo_root', 'POST', URL, payload, { status: 400, code: Code.VALIDATION_FAILED, message });
    await bad({ deviceIds: [], fields: { model: 'x' } }, 'Choose the devices, each once.');
    await bad({ deviceIds: [devices[0]], fields: {} }, 'Fill in at least one property to set.');
    await bad({ deviceIds: [devices[0]], fields: { installDate: '2026-13-01' } }, 'fields.installDate must be a date (YYYY-MM-DD)');
    await refused(
      'demo_root',
      'POST',
      URL,
      { deviceIds: [999_999], fields: { model: 'x' } },
      { status: 404, code: Code.NOT_FOUND, message: 'Not found.' },
    );
    for (const user of ['demo_limited_admin', 'demo_manager'])
      await refused(user, 'POST', URL, { deviceIds: [devices[0]], fields: { model: 'x' } }, { status: 403, code: Code.FORBIDDEN });
  });

  it('imports a sheet: previews the changes and every problem by row and column, applies only a clean one', async () => {
    // Headed in Chinese and English, as the device export heads them; an empty cell keeps the value.
    const sheet = [
      `${DEVICE_FIELD_NAMES.zh.boxId},Controller,Model,IoT module,Installed on`,
      `${BOX},1,GA-45,,`,
      `${BOX},2,GA-37,EC20,2026-02-01`,
      `${BOX + 1},1,GA-37,,2026-02-30`,
      `${BOX + 5},1,X,,`,
      `${BOX},1,GA-45,,`,
    ].join('\n');
    const preview = await ok<DevicePropertiesImportResult>('demo_root', 'POST', `${URL}/import`, { ...csv(sheet), apply: false });
    expect(preview.applied).toBe(false);
    expect(preview.changes).toEqual([
      { row: 2, boxId: BOX, controller: 1, changes: { model: 'GA-45' } },
      { row: 3, boxId: BOX, controller: 2, changes: { iotModule: 'EC20', installDate: '2026-02-01' } },
      { row: 4, boxId: BOX + 1, controller: 1, changes: { model: 'GA-37' } },
    ]);
    expect(preview.problems).toEqual([
      { row: 4, column: 'Installed on', message: 'Row 4, Installed on: Installed on must be a date (YYYY-MM-DD)' },
      { row: 5, column: 'Box ID', message: `Row 5, Box ID: there is no device ${BOX + 5}/1.` },
      { row: 6, column: 'Box ID', message: `Row 6, Box ID: device ${BOX}/1 is also in row 2.` },
    ]);
    // With problems, apply writes nothing.
    expect(await ok<DevicePropertiesImportResult>('demo_root', 'POST', `${URL}/import`, { ...csv(sheet), apply: true })).toMatchObject({
      applied: false,
    });
    expect(await stored(devices[0] ?? 0)).toMatchObject({ model: 'GA-37' });

    const clean = ['Box ID,Controller,Model,IoT module', `${BOX},1,GA-45,`, `${BOX},2,GA-37,EC20`].join('\n');
    const applied = await ok<DevicePropertiesImportResult>('demo_root', 'POST', `${URL}/import`, { ...csv(clean), apply: true });
    expect(applied).toMatchObject({ applied: true, unchanged: 0 });
    expect(await stored(devices[0] ?? 0)).toMatchObject({ model: 'GA-45', iot_module: '' });
    expect(await stored(devices[1] ?? 0)).toMatchObject({ model: 'GA-37', iot_module: 'EC20' });
    // The same again changes nothing.
    expect(await ok<DevicePropertiesImportResult>('demo_root', 'POST', `${URL}/import`, { ...csv(clean), apply: false })).toMatchObject({
      changes: [],
      unchanged: 2,
    });
    await refused(
      'demo_root',
      'POST',
      `${URL}/import`,
      { ...csv('Model\nGA-45'), apply: false },
      {
        status: 400,
        code: Code.VALIDATION_FAILED,
        message: 'The first row must name the columns; Box ID, Controller is missing.',
      },
    );
  });
});
