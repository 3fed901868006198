import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportJob, RegisterDef, TypeEditView, TypePage, TypeVersionRow, UploadPreview } from '@dms/contract';
import { BUILTIN_TYPES } from '@dms/seed';
import { eventually, registerBoxes } from './boxes.js';
import { seedTypes } from '../src/modules/controller-types/builtins.js';
import { bearer, body, buildTestApp, insertDevice, insertTemplate, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

const NAME = { en: 'Test compressor', zh: '测试空压机', es: 'Compresor de prueba', ja: 'テストコンプレッサー' };
const EDIT_NAME = { en: 'Edited type', zh: '编辑类型', es: 'Tipo editado', ja: '編集タイプ' };

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
  it('saves an edited map as the next version, refused row by row, and refused over a newer version; ingest takes it', async () => {
    const { id } = (await ok('POST', `/controller-types/${screw}/copy`, { code: 'edited-type', name: EDIT_NAME })) as { id: number };
    const view = (await ok('GET', `/controller-types/${id}/edit`)) as TypeEditView;
    expect(view).toMatchObject({ code: 'edited-type', version: 1, updatedBy: 'demo_root' });
    const registers = view.registers;
    const first = registers[0] as RegisterDef;
    const save = (body: Record<string, unknown>) =>
      call(root, 'PUT', `/controller-types/${id}`, { name: EDIT_NAME, kind: 'compressor', version: 1, registers, ...body });

    // Each broken rule names its row and field, and nothing is saved.
    const twice = await save({ registers: [...registers, { ...first, key: 'copy_of_first' }] });
    expect(twice.statusCode).toBe(400);
    expect(body(twice)).toMatchObject({
      code: 40001,
      message: `Row ${registers.length + 1}: register ${first.number} is also in row 1.`,
      data: {
        issues: [
          {
            path: `registers.${registers.length}.number`,
            message: `Row ${registers.length + 1}: register ${first.number} is also in row 1.`,
          },
        ],
      },
    });
    const broken = await save({
      registers: [
        { ...first, name: { ...first.name, ja: ' ' }, min: 5, max: 1 },
        { ...first, number: 60000, key: 'Bad Key', words: 2, encoding: 'float32' },
        { ...first, number: 60001, key: 'next_word' },
        {
          ...first,
          number: 60010,
          key: 'bits',
          format: 'bits',
          bits: [
            { bit: 16, severity: 'fault', name: EDIT_NAME },
            { bit: 3, severity: 'alert', name: { ...EDIT_NAME, es: ' ' } },
            { bit: 3, severity: 'info', name: EDIT_NAME },
          ],
        },
      ],
    });
    expect((body(broken).data as { issues: Array<{ path: string; message: string }> }).issues).toEqual([
      { path: 'registers.0.name', message: 'Row 1: the name in 日本語 is missing.' },
      { path: 'registers.0.min', message: 'Row 1: the minimum 5 is above the maximum 1.' },
      { path: 'registers.1.key', message: 'Row 2: the key is 1 to 64 lower-case letters, digits and _, starting with a letter.' },
      { path: 'registers.1.words', message: 'Row 2: register 60000 takes two words, so it overlaps register 60001 in row 3.' },
      { path: 'registers.3.bits', message: 'Row 4: bit 16 is beyond the register; its bits are 0 to 15.' },
      { path: 'registers.3.bits', message: 'Row 4: the text of bit 3 in Español is missing.' },
      { path: 'registers.3.bits', message: 'Row 4: bit 3 is named twice.' },
    ]);
    expect((await ok('GET', `/controller-types/${id}/edit`)) as TypeEditView).toMatchObject({ version: 1 });

    // A template that names the register the new version removes, and one that stays.
    const energy = registers.find((r) => r.key === 'energy')?.number ?? 0;
    const template = await insertTemplate(t.app.db, { name: 'Follows the map', defaultRead: true, defaultWrite: 'none' }, [
      { typeId: id, register: energy, read: false, write: false },
      { typeId: id, register: first.number, read: false, write: false },
    ]);

    // A valid map: the next version, with the change in the operation log, and out on the bus for ingest and the push.
    const changed: number[] = [];
    t.app.bus.on('typeChanged', ({ typeId }) => {
      changed.push(typeId);
    });
    const edited = [
      ...registers.filter((r) => r.key !== 'energy'),
      { ...first, number: 61000, key: 'energy_64', name: { ...EDIT_NAME, en: 'Energy (float)' }, words: 2, encoding: 'float32', factor: 1 },
    ];
    expect(await ok('PUT', `/controller-types/${id}`, { name: EDIT_NAME, kind: 'compressor', version: 1, registers: edited })).toEqual({
      version: 2,
    });
    const saved = (await ok('GET', `/controller-types/${id}/edit`)) as TypeEditView;
    expect(saved).toMatchObject({ version: 2, updatedBy: 'demo_root' });
    expect(saved.registers.find((r) => r.number === 61000)).toMatchObject({ words: 2, encoding: 'float32', factor: 1 });
    const log = await t.app.db.selectFrom('operation_log').select(['old_value', 'new_value']).where('action', '=', 'type.save').execute();
    expect(log).toEqual([
      {
        old_value: `edited-type (compressor), version 1, ${registers.length} register(s)`,
        new_value: `edited-type (compressor), version 2, ${registers.length} register(s); added 61000 energy_64; removed ${registers.find((r) => r.key === 'energy')?.number} energy`,
      },
    ]);
    expect(changed).toEqual([id]);
    // The removed register dropped out of the template; the rest of its rights stay.
    const rights = await t.app.db
      .selectFrom('permission_template_rights')
      .select('register_number')
      .where('template_id', '=', template)
      .execute();
    expect(rights.map((r) => r.register_number)).toEqual([first.number]);

    // The versions, newest first, each with its own map.
    const versions = (await ok('GET', `/controller-types/${id}/versions`)) as TypeVersionRow[];
    expect(versions.map((v) => [v.version, v.createdBy, v.registers.length])).toEqual([
      [2, 'demo_root', registers.length],
      [1, 'demo_root', registers.length],
    ]);
    expect(versions[1]?.registers.some((r) => r.key === 'energy')).toBe(true);

    // A save from an editor opened at version 1 comes after version 2: refused, nothing changed.
    await refused(
      'PUT',
      `/controller-types/${id}`,
      { name: EDIT_NAME, kind: 'compressor', version: 1, registers },
      'Someone else saved this type meanwhile (it is now version 2). Open it again to see their change.',
      409,
    );
    await refused(
      'PUT',
      `/controller-types/${id}`,
      { name: EDIT_NAME, kind: 'compressor', version: 2, registers: [] },
      'A type needs at least one register.',
    );
    expect((await call(root, 'PUT', '/controller-types/999999', { name: EDIT_NAME, kind: 'plc', version: 1, registers })).statusCode).toBe(
      404,
    );
    const manager = await login(t.app, 'demo_manager');
    expect(
      (await call(manager, 'PUT', `/controller-types/${id}`, { name: EDIT_NAME, kind: 'plc', version: 2, registers })).statusCode,
    ).toBe(403);
    expect((await call(manager, 'GET', `/controller-types/${id}/versions`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `/controller-types/${id}/edit`)).statusCode).toBe(401);
  });

  it('creates a type with an empty map as its version 1, logged; refused for a taken code, a bad kind, or anyone but root', async () => {
    const name = { en: 'Blank', zh: '空白', es: 'En blanco', ja: '空白' };
    const { id } = (await ok('POST', '/controller-types', { code: 'blank-type', name, kind: 'maglev' })) as { id: number };
    expect((await ok('GET', `/controller-types/${id}/edit`)) as TypeEditView).toMatchObject({
      code: 'blank-type',
      kind: 'maglev',
      name,
      builtin: false,
      version: 1,
      registers: [],
      updatedBy: 'demo_root',
    });
    expect(((await ok('GET', `/controller-types/${id}/versions`)) as TypeVersionRow[]).map((v) => [v.version, v.registers])).toEqual([
      [1, []],
    ]);
    const log = await t.app.db.selectFrom('operation_log').select(['target', 'new_value']).where('action', '=', 'type.create').execute();
    expect(log).toEqual([{ target: 'blank-type', new_value: 'blank-type (maglev), version 1, 0 register(s)' }]);
    await refused(
      'POST',
      '/controller-types',
      { code: 'blank-type', name, kind: 'plc' },
      'A controller type with the code blank-type already exists.',
    );
    await refused(
      'POST',
      '/controller-types',
      { code: 'Blank', name, kind: 'plc' },
      'The code is 1 to 64 lower-case letters, digits and hyphens, starting with a letter.',
    );
    await refused('POST', '/controller-types', { code: 'other-blank', name, kind: 'boiler' }, 'Invalid value for kind');
    const manager = await login(t.app, 'demo_manager');
    expect((await call(manager, 'POST', '/controller-types', { code: 'mine', name, kind: 'plc' })).statusCode).toBe(403);
    expect((await call(null, 'POST', '/controller-types', { code: 'mine', name, kind: 'plc' })).statusCode).toBe(401);
  });

  it('reads an uploaded map of one language: every problem with its row and column, nothing saved; fixed, it applies as the next version', async () => {
    const name = { en: 'Uploaded', zh: '上传', es: 'Subido', ja: 'アップロード' };
    const { id } = (await ok('POST', '/controller-types', { code: 'uploaded-type', name, kind: 'plc' })) as { id: number };
    const upload = (fileName: string, text: string | Buffer, language = 'en', token: string | null = root) =>
      call(token, 'POST', `/controller-types/${id}/upload/${language}`, {
        fileName,
        content: (typeof text === 'string' ? Buffer.from(text) : text).toString('base64'),
      });
    const header = 'Number,Key,Name,Format,Unit,Decimals,Writable,Min,Max,Words,Word order,Signed,Encoding,Factor,Offset';
    const bad = [
      header,
      '100,pressure,Pressure,number,bar,two,no,,,1,,no,int,,',
      '100,flow,Flow,number,m3/h,1,yes,0,50,2,low-first,no,float32,1,',
      '102,temp,,number,C,1,no,,,1,,yes,int,,',
    ].join('\n');
    const first = await upload('map.csv', bad);
    expect(body(first), JSON.stringify(body(first))).toMatchObject({ code: 20000 });
    const preview = body(first).data as UploadPreview;
    expect(preview.problems).toEqual([
      { row: 2, column: 'Decimals', message: 'Row 2, Decimals: a whole number is needed.' },
      { row: 4, column: 'Name', message: 'Row 4: the name in English is missing.' },
    ]);
    // The rows that read are in the map, with what they keep and what they bring.
    expect(preview.registers.map((r) => [r.number, r.key, r.words, r.wordOrder, r.encoding, r.signed])).toEqual([
      [100, 'flow', 2, 'low-first', 'float32', undefined],
      [102, 'temp', undefined, undefined, undefined, true],
    ]);
    expect((await ok('GET', `/controller-types/${id}/edit`)) as TypeEditView).toMatchObject({ version: 1, registers: [] });

    // Fixed: names copied to the other languages for the new registers, the diff against the empty map.
    const good = [
      header,
      '100,pressure,Pressure,number,bar,2,no,,,1,,no,int,,',
      '101,flow,Flow,number,m3/h,1,yes,0,50,1,,no,int,0.5,-10',
      '102,temp,Temperature,number,C,1,no,,,1,,yes,int,,',
    ].join('\n');
    const fixed = body(await upload('map.csv', good)).data as UploadPreview;
    expect(fixed.problems).toEqual([]);
    expect(fixed.diff.added.map((r) => r.number)).toEqual([100, 101, 102]);
    expect(fixed.namesCopied).toEqual([100, 101, 102]);
    expect(fixed.registers[1]).toMatchObject({
      writable: true,
      min: 0,
      max: 50,
      factor: 0.5,
      offset: -10,
      name: { en: 'Flow', zh: 'Flow' },
    });
    expect(await ok('PUT', `/controller-types/${id}`, { name, kind: 'plc', version: fixed.version, registers: fixed.registers })).toEqual({
      version: 2,
    });

    // The same map in Chinese, as .xlsx of a few columns: the Chinese names and the columns it has change; the
    // columns it lacks (min, max, words, factor, offset, signed…) keep what each register holds.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('map');
    ws.addRow(['地址', '键', '名称', '格式', '单位', '小数位', '可写']);
    ws.addRow([100, 'pressure', '压力', 'number', 'bar', 2, '否']);
    ws.addRow([101, 'flow', '流量', 'number', 'm3/h', 1, '是']);
    ws.addRow([102, 'temp', '温度', 'number', 'C', 1, '否']);
    const zh = body(await upload('map.xlsx', Buffer.from(await wb.xlsx.writeBuffer()), 'zh')).data as UploadPreview;
    expect(zh.problems).toEqual([]);
    expect(zh.registers.map((r) => [r.name.en, r.name.zh])).toEqual([
      ['Pressure', '压力'],
      ['Flow', '流量'],
      ['Temperature', '温度'],
    ]);
    expect(zh.diff.changed.map((c) => [c.after.number, c.fields])).toEqual([
      [100, ['name']],
      [101, ['name']],
      [102, ['name']],
    ]);
    expect(zh.registers[1]).toMatchObject({ min: 0, max: 50, factor: 0.5, offset: -10 });
    expect(zh.registers[2]).toMatchObject({ signed: true });

    // A file that is no sheet, one without the columns, one too large; a manager and a stranger.
    await refused(
      'POST',
      `/controller-types/${id}/upload/en`,
      { fileName: 'map.xlsx', content: Buffer.from('not a workbook').toString('base64') },
      'The file could not be read as .xlsx or .csv.',
    );
    await refused(
      'POST',
      `/controller-types/${id}/upload/en`,
      { fileName: 'map.csv', content: Buffer.from('Number,Name\n1,A').toString('base64') },
      'The first row must name the columns; Key is missing.',
    );
    await refused(
      'POST',
      `/controller-types/${id}/upload/en`,
      { fileName: 'map.csv', content: Buffer.from(header).toString('base64') },
      'The file has no register rows.',
    );
    await refused(
      'POST',
      `/controller-types/${id}/upload/en`,
      { fileName: 'map.csv', content: 'A'.repeat(700_000) },
      'The file is larger than 512 KB.',
    );
    const manager = await login(t.app, 'demo_manager');
    expect((await upload('map.csv', good, 'en', manager)).statusCode).toBe(403);
    expect((await upload('map.csv', good, 'en', null)).statusCode).toBe(401);

    // The template: the map as it is, in the upload's columns and the language's headers.
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v2/exports',
      headers: { ...bearer(root), 'accept-language': 'es' },
      payload: { kind: 'type-map', filter: { typeId: id, language: 'es' }, tz: 'UTC' },
    });
    const job = (body(started).data as ExportJob).id;
    await eventually(async () => {
      expect((body(await call(root, 'GET', `/exports/${job}`)).data as ExportJob).state).toBe('ready');
    });
    const template = new ExcelJS.Workbook();
    await template.xlsx.load((await call(root, 'GET', `/exports/${job}/file`)).rawPayload as unknown as ArrayBuffer);
    const sheet = template.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Número');
    expect(sheet?.getRow(1).getCell(3).value).toBe('Nombre');
    expect(sheet?.rowCount).toBe(4);
    expect(sheet?.getRow(3).getCell(2).value).toBe('flow');
    expect(sheet?.getRow(3).getCell(7).value).toBe('sí');
  });

  it('leaves a built-in type root has edited as root saved it when the release installs its types again', async () => {
    const view = (await ok('GET', `/controller-types/${screw}/edit`)) as TypeEditView;
    const registers = view.registers.map((r) => (r.key === 'energy' ? { ...r, unit: 'MWh' } : r));
    await ok('PUT', `/controller-types/${screw}`, { name: view.name, kind: view.kind, version: view.version, registers });
    expect(await seedTypes(t.app.db, BUILTIN_TYPES, t.clock.now)).toEqual([]);
    const after = (await ok('GET', `/controller-types/${screw}/edit`)) as TypeEditView;
    expect(after.registers.find((r) => r.key === 'energy')?.unit).toBe('MWh');
  });

  it("saves an enum register's options edited in the editor; a missing name or a value its words cannot hold is refused by row", async () => {
    const { id } = (await ok('POST', `/controller-types/${screw}/copy`, { code: 'optioned-type', name: EDIT_NAME })) as { id: number };
    const view = (await ok('GET', `/controller-types/${id}/edit`)) as TypeEditView;
    const at = view.registers.findIndex((r) => r.format === 'enum');
    const enumReg = view.registers[at] as RegisterDef;
    const withOptions = (options: RegisterDef['options']) =>
      call(root, 'PUT', `/controller-types/${id}`, {
        name: EDIT_NAME,
        kind: 'compressor',
        version: view.version,
        registers: view.registers.map((r, i) => (i === at ? { ...r, options } : r)),
      });
    const blank = await withOptions({ ...enumReg.options, '9': { en: 'Nine', zh: '九', es: 'Nueve', ja: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(body(blank).message).toBe(`Row ${at + 1}: the name of value 9 in 日本語 is missing.`);
    const wide = await withOptions({ '70000': { en: 'Wide', zh: '宽', es: 'Ancho', ja: '幅' } });
    expect(body(wide).message).toBe(`Row ${at + 1}: the option value 70000 does not fit the register (0 to 65535).`);
    const renamed = { '0': { en: 'Halted', zh: '停机', es: 'Parado', ja: '停止中' }, '9': { en: 'Nine', zh: '九', es: 'Nueve', ja: '九' } };
    expect(body(await withOptions(renamed)).data).toEqual({ version: view.version + 1 });
    const after = (await ok('GET', `/controller-types/${id}/edit`)) as TypeEditView;
    expect(after.registers[at]?.options).toEqual(renamed);
  });
});
