import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportJob, TypePage } from '@dms/contract';
import { eventually, registerBoxes } from './boxes.js';
import { bearer, body, buildTestApp, insertDevice, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

const NAME = { en: 'Test compressor', zh: '测试空压机', es: 'Compresor de prueba', ja: 'テストコンプレッサー' };

/** docs/api.md "Controller types": root's type list, copy and delete (/device-type/type-config, issue 20). */
describe.each(dialects)('managing controller types on %s', (dialect) => {
  let t: TestApp;
  let root = '';
  let screw = 0;

  const call = (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url: `/api/v2${path}`,
      headers: { ...(token ? bearer(token) : {}), 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
  const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: Record<string, unknown>) => {
    const res = await call(root, method, path, payload);
    expect(body(res), `${method} ${path}`).toMatchObject({ code: 20000 });
    return body(res).data;
  };
  const refused = async (
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload: Record<string, unknown> | undefined,
    message: string,
    status = 400,
  ) => {
    const res = await call(root, method, path, payload);
    expect(res.statusCode, message).toBe(status);
    expect(body(res).message).toBe(message);
  };
  const page = async (query = '') => (await ok('GET', `/controller-types/list${query}`)) as TypePage;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    root = await login(t.app, 'demo_root');
    screw = (await t.app.db.selectFrom('controller_types').select('id').where('code', '=', 'screw-compressor').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(async () => t.close());

  it('lists the built-in types as version 1 of the release, with their registers and the devices using them', async () => {
    const list = await page();
    expect(list.items.map((r) => r.code)).toEqual(['generic-plc', 'maglev-blower', 'screw-compressor']);
    const row = list.items.find((r) => r.code === 'screw-compressor');
    expect(row).toMatchObject({ builtin: true, version: 1, updatedBy: null, kind: 'compressor' });
    expect(row?.registerCount).toBeGreaterThan(20);
    const devices = await t.app.db.selectFrom('devices').select('id').where('type_id', '=', screw).execute();
    expect(row?.devices).toBe(devices.length);
    // Version 1 keeps the map as it was installed.
    const v1 = await t.app.db.selectFrom('controller_type_versions').selectAll().where('type_id', '=', screw).execute();
    expect(v1.map((v) => v.version)).toEqual([1]);
    expect((JSON.parse(v1[0]?.registers ?? '[]') as unknown[]).length).toBe(row?.registerCount);
  });

  it('searches the code and the name in every language, filters by kind, sorts and pages', async () => {
    expect((await page('?q=MAGLEV')).items.map((r) => r.code)).toEqual(['maglev-blower']);
    expect((await page(`?q=${encodeURIComponent('磁悬浮')}`)).items.map((r) => r.code)).toEqual(['maglev-blower']);
    expect((await page('?kind=plc')).items.map((r) => r.code)).toEqual(['generic-plc']);
    const byRegisters = await page('?sort=registers&order=desc');
    const counts = byRegisters.items.map((r) => r.registerCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const second = await page('?page=2&page_size=2');
    expect(second).toMatchObject({ total: 3 });
    expect(second.items.map((r) => r.code)).toEqual(['screw-compressor']);
  });

  it('copies a type: its map as version 1 of a new type, logged, and refused for a taken code or bad input', async () => {
    const { id } = (await ok('POST', `/controller-types/${screw}/copy`, { code: 'test-compressor', name: NAME })) as { id: number };
    const row = (await page('?q=test-compressor')).items[0];
    const source = (await page('?q=screw-compressor')).items[0];
    expect(row).toMatchObject({ id, builtin: false, version: 1, devices: 0, updatedBy: 'demo_root', name: NAME, kind: 'compressor' });
    expect(row?.registerCount).toBe(source?.registerCount);
    const versions = await t.app.db
      .selectFrom('controller_type_versions')
      .select(['version', 'created_by'])
      .where('type_id', '=', id)
      .execute();
    expect(versions).toEqual([{ version: 1, created_by: 'demo_root' }]);
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['action', 'new_value'])
      .where('target', '=', 'test-compressor')
      .execute();
    expect(log).toEqual([
      { action: 'type.copy', new_value: expect.stringContaining('copy of screw-compressor (compressor), version 1') as string },
    ]);

    await refused(
      'POST',
      `/controller-types/${screw}/copy`,
      { code: 'test-compressor', name: NAME },
      'A controller type with the code test-compressor already exists.',
    );
    await refused(
      'POST',
      `/controller-types/${screw}/copy`,
      { code: 'Bad Code', name: NAME },
      'The code is 1 to 64 lower-case letters, digits and hyphens, starting with a letter.',
    );
    await refused(
      'POST',
      `/controller-types/${screw}/copy`,
      { code: 'other', name: { ...NAME, ja: ' ' } },
      "Please enter the type's name in every language.",
    );
    await refused('POST', `/controller-types/${screw}/copy`, { code: 'other' }, "Please enter the type's name in every language.");
    expect((await call(root, 'POST', '/controller-types/99999/copy', { code: 'other', name: NAME })).statusCode).toBe(404);
    expect((await page('?q=other')).total).toBe(0);
  });

  it('deletes a type only when no device uses it, with the template rights naming its registers; built-in types stay', async () => {
    const copy = (await page('?q=test-compressor')).items[0];
    if (!copy) throw new Error('the copy is missing');
    await registerBoxes(t.app, 6402, 6402, 'demo_manager');
    const owner = (await t.app.db.selectFrom('users').select('id').where('username', '=', 'demo_manager').executeTakeFirstOrThrow()).id;
    const device = await insertDevice(t, { box_id: 6402, controller: 1, owner_id: owner, status: 'offline', fault: 0, alert: 0 });
    await t.app.db.updateTable('devices').set({ type_id: copy.id }).where('id', '=', device).execute();
    expect((await page('?q=test-compressor')).items[0]?.devices).toBe(1);
    await refused(
      'DELETE',
      `/controller-types/${copy.id}`,
      undefined,
      '1 device(s) use this controller type; give them another type first.',
    );
    await t.app.db.updateTable('devices').set({ type_id: screw }).where('id', '=', device).execute();

    const template = await t.app.db.selectFrom('permission_templates').select('id').orderBy('id').executeTakeFirstOrThrow();
    const register = await t.app.db
      .selectFrom('controller_registers')
      .select('number')
      .where('type_id', '=', copy.id)
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('permission_template_rights')
      .values({ template_id: template.id, type_id: copy.id, register_number: register.number, can_read: 1, can_write: 0 })
      .execute();

    await ok('DELETE', `/controller-types/${copy.id}`);
    expect((await page('?q=test-compressor')).total).toBe(0);
    expect(await t.app.db.selectFrom('permission_template_rights').select('type_id').where('type_id', '=', copy.id).execute()).toEqual([]);
    expect(await t.app.db.selectFrom('controller_type_versions').select('version').where('type_id', '=', copy.id).execute()).toEqual([]);
    const log = await t.app.db.selectFrom('operation_log').select(['action', 'old_value']).where('action', '=', 'type.delete').execute();
    expect(log).toEqual([
      { action: 'type.delete', old_value: expect.stringContaining('test-compressor (compressor), version 1') as string },
    ]);

    await refused('DELETE', `/controller-types/${screw}`, undefined, 'The built-in controller types cannot be deleted.');
    expect((await call(root, 'DELETE', `/controller-types/${copy.id}`)).statusCode).toBe(404);
  });

  it('exports the list with its search to .xlsx, in the language asked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/exports',
      headers: { ...bearer(root), 'accept-language': 'es' },
      payload: { kind: 'controller-types', filter: { q: 'compres' }, tz: 'Asia/Shanghai' },
    });
    const id = (body(res).data as ExportJob).id;
    await eventually(async () => {
      expect((body(await call(root, 'GET', `/exports/${id}`)).data as ExportJob).state).toBe('ready');
    });
    const file = await call(root, 'GET', `/exports/${id}/file`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.name).toBe('Tipos de controlador');
    expect(ws?.getRow(1).values).toEqual(expect.arrayContaining(['Código', 'Nombre (español)', 'Versión', 'Guardado (Asia/Shanghai)']));
    expect(ws?.getRow(2).getCell(1).value).toBe('screw-compressor');
    expect(ws?.getRow(2).getCell(2).value).toBe('Compresor de tornillo');
    expect(ws?.getRow(2).getCell(11).value).toBe('Versión del sistema');
    expect(ws?.rowCount).toBe(2);
    // The area is root's: a manager may not export it.
    const manager = await login(t.app, 'demo_manager');
    expect((await call(manager, 'POST', '/exports', { kind: 'controller-types', filter: {}, tz: 'UTC' })).statusCode).toBe(403);
  });

  it('maps a model code the fleet reports to a type: its devices take it, the code leaves the unmapped list, and a removal undoes it', async () => {
    await registerBoxes(t.app, 6403, 6403, 'demo_manager');
    const owner = (await t.app.db.selectFrom('users').select('id').where('username', '=', 'demo_manager').executeTakeFirstOrThrow()).id;
    const device = await insertDevice(t, { box_id: 6403, controller: 1, owner_id: owner, status: 'online', fault: 0, alert: 0 });
    await t.app.db.updateTable('devices').set({ type_code: 'AC-90KW', type_id: null }).where('id', '=', device).execute();
    const typeOf = async () =>
      (await t.app.db.selectFrom('devices').select('type_id').where('id', '=', device).executeTakeFirstOrThrow()).type_id;

    expect(await ok('GET', '/controller-types/relations/unmapped')).toEqual(expect.arrayContaining([{ modelCode: 'AC-90KW', devices: 1 }]));
    expect(await ok('PUT', '/controller-types/relations/AC-90KW', { typeId: screw })).toEqual({ devices: 1 });
    expect(await typeOf()).toBe(screw);
    expect(await ok('GET', '/controller-types/relations/unmapped')).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ modelCode: 'AC-90KW' })]),
    );
    const relations = (await ok('GET', '/controller-types/relations?q=oil-injected')) as { total: number; items: unknown[] };
    expect(relations).toEqual({
      total: 1,
      items: [
        expect.objectContaining({ modelCode: 'AC-90KW', typeId: screw, typeCode: 'screw-compressor', devices: 1, updatedBy: 'demo_root' }),
      ],
    });
    // Mapped to another type: the device follows.
    const maglev = (
      await t.app.db.selectFrom('controller_types').select('id').where('code', '=', 'maglev-blower').executeTakeFirstOrThrow()
    ).id;
    expect(await ok('PUT', '/controller-types/relations/AC-90KW', { typeId: maglev })).toEqual({ devices: 1 });
    expect(await typeOf()).toBe(maglev);
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['action', 'old_value', 'new_value'])
      .where('target', '=', 'AC-90KW')
      .execute();
    expect(log).toEqual([
      { action: 'relation.save', old_value: null, new_value: 'screw-compressor, 1 device(s)' },
      { action: 'relation.save', old_value: 'screw-compressor', new_value: 'maglev-blower, 1 device(s)' },
    ]);

    await refused('PUT', '/controller-types/relations/AC-90KW', { typeId: 99999 }, 'No such controller type.');
    await refused('PUT', '/controller-types/relations/AC-90KW', { typeId: 'x' }, 'Please choose a controller type.');
    await refused('PUT', `/controller-types/relations/${'A'.repeat(65)}`, { typeId: screw }, 'The model code is 1 to 64 characters.');

    // Removed: no type has the code itself, so the device has none again.
    expect(await ok('DELETE', '/controller-types/relations/AC-90KW')).toEqual({ devices: 1 });
    expect(await typeOf()).toBeNull();
    await refused('DELETE', '/controller-types/relations/AC-90KW', undefined, 'No relation maps the model code AC-90KW.', 404);
  });
});
