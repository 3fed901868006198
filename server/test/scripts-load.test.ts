import { type RunSecrets, type ScriptItem, type ScriptPreview, type ScriptRun } from '@dms/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/security/tokens.js';
import { registerBoxes } from './boxes.js';
import { apiAs, body, buildTestApp, insertOnlineDevice, login, testDialects, userIds, type TestApp } from './helper.js';

const dialects = await testDialects();
/** A box registered before the loads (a file naming it again is refused), and one whose devices' properties are loaded. */
const TAKEN = 9101;
const DEVICE_BOX = 9201;

/** An .xlsx file of these rows (the first names the columns), as the browser sends it. */
async function xlsx(fileName: string, rows: ReadonlyArray<ReadonlyArray<string | number>>) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Load');
  for (const r of rows) ws.addRow([...r]);
  return { fileName, content: Buffer.from(await wb.xlsx.writeBuffer()).toString('base64') };
}
const csv = (fileName: string, text: string) => ({ fileName, content: Buffer.from(text, 'utf8').toString('base64') });

/** The load script (issue 24; docs/scripts.md): boxes and devices' properties from a sheet, every row checked, all or nothing. */
describe.each(dialects)('the load script on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const api = apiAs(() => t.app, tokens);
  let uid: (username: string) => number;
  let devices: number[] = [];

  const preview = (input: unknown) => api.ok<ScriptPreview>('demo_root', 'POST', '/scripts/runs', input);
  const start = (id: number, count: number) => api.ok<ScriptRun>('demo_root', 'POST', `/scripts/runs/${id}/start`, { count });
  const finished = async (id: number) => {
    await t.app.scripts.idle();
    return api.ok<ScriptRun>('demo_root', 'GET', `/scripts/runs/${id}`);
  };
  const items = async (id: number) =>
    (await api.ok<{ items: ScriptItem[] }>('demo_root', 'GET', `/scripts/runs/${id}/items?page_size=200`)).items;
  const boxesIn = (ids: number[]) =>
    t.app.db
      .selectFrom('boxes')
      .select(['box_id', 'owner_id', 'registered_by', 'box_type', 'company_name', 'contact', 'ck', 'secret_hash'])
      .where('box_id', 'in', ids)
      .orderBy('box_id')
      .execute();
  const properties = (id: number) =>
    t.app.db.selectFrom('devices').select(['model', 'remark', 'install_date']).where('id', '=', id).executeTakeFirstOrThrow();
  /** A file refused whole: 400 / 40001, the exact message, and its problems by row and column. */
  const refusedFile = async (input: unknown, message: string, problems?: unknown[], lang = 'en') => {
    const res = await api.call('demo_root', 'POST', '/scripts/runs', input, lang);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 40001, message });
    if (problems) expect((body(res).data as { problems: unknown[] }).problems).toEqual(problems);
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    for (const u of ['demo_root', 'demo_manager']) tokens[u] = await login(t.app, u);
    uid = await userIds(t);
    await registerBoxes(t.app, TAKEN, TAKEN);
    await registerBoxes(t.app, DEVICE_BOX, DEVICE_BOX);
    devices = [
      await insertOnlineDevice(t, DEVICE_BOX, 1, uid('demo_manager')),
      await insertOnlineDevice(t, DEVICE_BOX, 2, uid('demo_manager')),
    ];
  });
  afterAll(async () => t.close());

  it('registers the boxes of a sheet through box registration, their credentials shown once', async () => {
    const file = await xlsx('boxes.xlsx', [
      ['Box ID', 'Owner', 'Box type', 'Company', 'Contact', 'CK code'],
      [9301, 'demo_manager', 'DTU-4G', 'Acme', 'Ann', ''],
      [9302, 'demo_helper', 'DTU-WiFi', 'Acme', 'Bob', '1234'],
      [9303, 'demo_manager', 'GW-4G', '', '', ''],
    ]);
    const p = await preview({ script: 'load', kind: 'boxes', ...file });
    expect(p.run).toMatchObject({ script: 'load', state: 'preview', total: 3, input: { kind: 'boxes', fileName: 'boxes.xlsx' } });
    expect(p.run.input).not.toHaveProperty('content');
    expect(p.items.map((i) => [i.target, i.before, i.after, i.outcome])).toEqual([
      ['9301', null, 'Owner: demo_manager; Box type: DTU-4G; Company: Acme; Contact: Ann; CK code: –', 'planned'],
      ['9302', null, 'Owner: demo_helper; Box type: DTU-WiFi; Company: Acme; Contact: Bob; CK code: 1234', 'planned'],
      ['9303', null, 'Owner: demo_manager; Box type: GW-4G; Company: –; Contact: –; CK code: –', 'planned'],
    ]);
    // The dry run registered nothing.
    expect(await boxesIn([9301, 9302, 9303])).toEqual([]);

    await start(p.run.id, 3);
    expect(await finished(p.run.id)).toMatchObject({
      state: 'done',
      done: 3,
      counts: { ok: 3 },
      secrets: true,
      undoable: false,
      noUndo: 'scripts.noUndo.load',
    });
    const boxes = await boxesIn([9301, 9302, 9303]);
    expect(boxes.map((b) => [b.box_id, b.owner_id, b.registered_by, b.box_type, b.company_name, b.contact, b.ck])).toEqual([
      [9301, uid('demo_manager'), uid('demo_root'), 'DTU-4G', 'Acme', 'Ann', null],
      [9302, uid('demo_helper'), uid('demo_root'), 'DTU-WiFi', 'Acme', 'Bob', '1234'],
      [9303, uid('demo_manager'), uid('demo_root'), 'GW-4G', '', '', null],
    ]);
    const secrets = await api.ok<RunSecrets>('demo_root', 'POST', `/scripts/runs/${p.run.id}/secrets`);
    expect(secrets.map((s) => s.target)).toEqual(['9301', '9302', '9303']);
    // Each is the box's MQTT password: only its hash is stored.
    expect(secrets.map((s) => hashToken(s.secret))).toEqual(boxes.map((b) => b.secret_hash));
    await api.refused('demo_root', 'POST', `/scripts/runs/${p.run.id}/secrets`, undefined, {
      status: 400,
      code: 40001,
      message: 'These passwords were shown once already, or the server has restarted since. Reset them again.',
    });
    const logged = await t.app.db
      .selectFrom('operation_log')
      .select('target')
      .where('action', '=', 'box.register')
      .where('target', 'in', ['9301', '9302', '9303'])
      .orderBy('target')
      .execute();
    expect(logged.map((l) => l.target)).toEqual(['9301', '9302', '9303']);
    await api.refused(
      'demo_root',
      'POST',
      `/scripts/runs/${p.run.id}/undo`,
      { count: 3 },
      {
        status: 400,
        code: 40001,
        message: 'This run cannot be undone.',
      },
    );
  });

  it('refuses a sheet with problems whole, each by row and column, and registers nothing', async () => {
    const file = await xlsx('boxes.xlsx', [
      ['boxId', 'username', 'type', 'company', 'contact', 'ck'],
      [9401, 'nobody_here', 'DTU-4G', '', '', ''],
      [TAKEN, 'demo_manager', 'DTU-4G', '', '', ''],
      [9402, 'demo_manager', 'DTU-4G', '', '', ''],
      [9402, 'demo_manager', 'DTU-4G', '', '', ''],
      [9403, 'demo_manager', '', '', '', '12a'],
    ]);
    await refusedFile({ script: 'load', kind: 'boxes', ...file }, 'The file has 5 problem(s); nothing was changed.', [
      { row: 2, column: 'Owner', message: 'Row 2, Owner: there is no user nobody_here.' },
      { row: 3, column: 'Box ID', message: `Row 3, Box ID: box ${TAKEN} is registered already.` },
      { row: 5, column: 'Box ID', message: 'Row 5, Box ID: box 9402 is also in row 4.' },
      { row: 6, column: 'Box type', message: 'Row 6, Box type: Please fill in Box type' },
      { row: 6, column: 'CK code', message: 'Row 6, CK code: CK code must be four digits!' },
    ]);
    expect(await boxesIn([9401, 9402, 9403])).toEqual([]);
    // Nothing was kept of it, not even a preview.
    expect(
      await t.app.db.selectFrom('script_runs').select('id').where('script', '=', 'load').where('state', '=', 'preview').execute(),
    ).toEqual([]);
  });

  it('names a missing column and a bad box ID, in the caller language', async () => {
    const noOwner = await xlsx('boxes.xlsx', [
      ['盒子ID', '盒子类型'],
      [9501, 'DTU-4G'],
    ]);
    await refusedFile({ script: 'load', kind: 'boxes', ...noOwner }, 'The file has 1 problem(s); nothing was changed.', [
      { row: 1, column: 'Owner', message: 'Row 1: the first row must name the column Owner.' },
    ]);
    await refusedFile(
      { script: 'load', kind: 'boxes', ...noOwner },
      '文件有 1 个问题；未做任何修改。',
      [{ row: 1, column: '所有者', message: '第 1 行：第一行必须包含列 所有者。' }],
      'zh',
    );
    const badId = csv('boxes.csv', 'Box ID,Owner,Box type\nabc,demo_manager,DTU-4G\n');
    await refusedFile({ script: 'load', kind: 'boxes', ...badId }, 'The file has 1 problem(s); nothing was changed.', [
      { row: 2, column: 'Box ID', message: 'Row 2, Box ID: Please fill in Box ID with a positive integer' },
    ]);
    await refusedFile(
      { script: 'load', kind: 'boxes', ...csv('boxes.csv', 'Box ID,Owner,Box type\n') },
      'The file has no rows below its header.',
    );
  });

  it("sets devices' properties from a .csv through the one edit path, and undoes them", async () => {
    await t.app.db.updateTable('devices').set({ model: 'GA-30', remark: 'kept', install_date: null }).where('id', 'in', devices).execute();
    const file = csv('devices.csv', `Box ID,Controller,Model,installDate\n${DEVICE_BOX},1,GA-37,2026-01-15\n${DEVICE_BOX},2,GA-45,\n`);
    const p = await preview({ script: 'load', kind: 'devices', ...file });
    expect(p.run).toMatchObject({ total: 2, input: { kind: 'devices', fileName: 'devices.csv' } });
    expect(p.items.map((i) => [i.target, i.before, i.after])).toEqual([
      [`${DEVICE_BOX}/1`, 'Model: GA-30; Installed on: –', 'Model: GA-37; Installed on: 2026-01-15'],
      [`${DEVICE_BOX}/2`, 'Model: GA-30', 'Model: GA-45'],
    ]);
    expect(await properties(devices[0] ?? 0)).toEqual({ model: 'GA-30', remark: 'kept', install_date: null });

    await start(p.run.id, 2);
    expect(await finished(p.run.id)).toMatchObject({ state: 'done', counts: { ok: 2 }, undoable: true, noUndo: null, secrets: false });
    expect(await properties(devices[0] ?? 0)).toEqual({ model: 'GA-37', remark: 'kept', install_date: '2026-01-15' });
    expect(await properties(devices[1] ?? 0)).toEqual({ model: 'GA-45', remark: 'kept', install_date: null });
    const logged = await t.app.db
      .selectFrom('operation_log')
      .select('new_value')
      .where('action', '=', 'smartbox.setDeviceProperties')
      .orderBy('id')
      .execute();
    expect(logged.map((l) => l.new_value)).toEqual(['{"model":"GA-37","installDate":"2026-01-15"}', '{"model":"GA-45"}']);

    await api.ok<ScriptRun>('demo_root', 'POST', `/scripts/runs/${p.run.id}/undo`, { count: 2 });
    expect(await finished(p.run.id)).toMatchObject({ state: 'undone', counts: { undone: 2 } });
    expect((await items(p.run.id)).map((i) => i.outcome)).toEqual(['undone', 'undone']);
    for (const id of devices) expect(await properties(id)).toEqual({ model: 'GA-30', remark: 'kept', install_date: null });
  });

  it('refuses a device sheet with problems, and a file too large or unreadable', async () => {
    const file = csv('devices.csv', `Box ID,Controller,Installed on\n${DEVICE_BOX},1,2026-13-01\n9999,1,\n${DEVICE_BOX},1,\n`);
    await refusedFile({ script: 'load', kind: 'devices', ...file }, 'The file has 3 problem(s); nothing was changed.', [
      { row: 2, column: 'Installed on', message: 'Row 2, Installed on: Installed on must be a date (YYYY-MM-DD)' },
      { row: 3, column: 'Box ID', message: 'Row 3, Box ID: there is no device 9999/1.' },
      { row: 4, column: 'Box ID', message: `Row 4, Box ID: device ${DEVICE_BOX}/1 is also in row 2.` },
    ]);
    await refusedFile(
      { script: 'load', kind: 'devices', ...csv('devices.csv', 'Model\nGA-45\n') },
      'The file has 2 problem(s); nothing was changed.',
      [
        { row: 1, column: 'Box ID', message: 'Row 1: the first row must name the column Box ID.' },
        { row: 1, column: 'Controller', message: 'Row 1: the first row must name the column Controller.' },
      ],
    );
    const large = { fileName: 'boxes.xlsx', content: Buffer.alloc(600 * 1024, 7).toString('base64') };
    await refusedFile({ script: 'load', kind: 'boxes', ...large }, 'The file is larger than 512 KB.');
    await refusedFile(
      { script: 'load', kind: 'boxes', ...csv('boxes.xlsx', 'not a workbook') },
      'The file could not be read as .xlsx or .csv.',
    );
    await refusedFile(
      { script: 'load', kind: 'people', ...csv('people.csv', 'x') },
      'Choose what the file loads: boxes, devices or users.',
    );
  });

  const accounts = (names: string[]) =>
    t.app.db
      .selectFrom('users')
      .select(['username', 'roles', 'parent_id', 'level', 'group_extra', 'company', 'helper_type', 'name'])
      .where('username', 'in', names)
      .orderBy('username')
      .execute();

  it("creates the accounts of a sheet in their parents' place, as the parents' own screens do, logged as root's", async () => {
    const file = await xlsx('users.xlsx', [
      ['User name', 'Role', 'Parent', 'Password', 'Name', 'Company', 'Helper type'],
      ['load_mgr01', 'manager', 'demo_manager', 'Secret123', 'Load Manager', 'Acme', ''],
      ['load_hlp01', 'helper', 'demo_manager', '', 'Load Helper', '', 'operator'],
    ]);
    const p = await preview({ script: 'load', kind: 'users', ...file });
    expect(p.run).toMatchObject({ total: 2, input: { kind: 'users', fileName: 'users.xlsx' } });
    expect(p.items.map((i) => [i.target, i.before, i.after])).toEqual([
      ['load_mgr01', null, 'Role: manager; Parent: demo_manager; Name: Load Manager; Company: Acme; Phone: –; CK code: –; Remark: –'],
      [
        'load_hlp01',
        null,
        'Role: helper; Parent: demo_manager; Name: Load Helper; Phone: –; Helper type: operator; Region: –; Remark: –; Password: a new generated password',
      ],
    ]);
    // The dry run created nothing, and keeps no password with its items.
    expect(await accounts(['load_mgr01', 'load_hlp01'])).toEqual([]);
    const stored = await t.app.db.selectFrom('script_items').select('payload').where('run_id', '=', p.run.id).execute();
    expect(stored.some((i) => i.payload.includes('Secret123'))).toBe(false);

    await start(p.run.id, 2);
    expect(await finished(p.run.id)).toMatchObject({
      state: 'done',
      counts: { ok: 2 },
      secrets: true,
      undoable: false,
      noUndo: 'scripts.noUndo.loadUsers',
    });
    const manager = await t.app.db
      .selectFrom('users')
      .select(['level', 'group_extra', 'ck'])
      .where('username', '=', 'demo_manager')
      .executeTakeFirstOrThrow();
    expect(await accounts(['load_mgr01', 'load_hlp01'])).toEqual([
      {
        username: 'load_hlp01',
        roles: '["helper"]',
        parent_id: uid('demo_manager'),
        level: Math.max(7, manager.level),
        group_extra: manager.group_extra,
        company: '',
        helper_type: 'operator',
        name: 'Load Helper',
      },
      {
        username: 'load_mgr01',
        roles: '["manager"]',
        parent_id: uid('demo_manager'),
        level: manager.level,
        group_extra: manager.group_extra,
        company: 'Acme',
        helper_type: null,
        name: 'Load Manager',
      },
    ]);
    await login(t.app, 'load_mgr01', 'Secret123');
    const secrets = await api.ok<RunSecrets>('demo_root', 'POST', `/scripts/runs/${p.run.id}/secrets`);
    expect(secrets.map((s) => s.target)).toEqual(['load_hlp01']);
    await login(t.app, 'load_hlp01', secrets[0]?.secret ?? '');
    await api.refused('demo_root', 'POST', `/scripts/runs/${p.run.id}/secrets`, undefined, { status: 400, code: 40001 });
    const logged = await t.app.db
      .selectFrom('operation_log')
      .select(['username', 'action', 'target'])
      .where('action', 'in', ['manager.add', 'helper.add'])
      .orderBy('id')
      .execute();
    expect(logged).toEqual([
      { username: 'demo_root', action: 'manager.add', target: 'load_mgr01 (below demo_manager)' },
      { username: 'demo_root', action: 'helper.add', target: 'load_hlp01 (below demo_manager)' },
    ]);
  });

  it('refuses a users sheet with problems whole, each by row and column, and creates nobody', async () => {
    const file = csv(
      'users.csv',
      [
        'username,role,parent,password,company,helperType',
        'demo_helper,manager,demo_manager,,,',
        'load_twice1,helper,demo_manager,,,operator',
        'load_twice1,helper,demo_manager,,,operator',
        'load_mgr02,manager,demo_helper,,,',
        'load_mgr03,manager,nobody_here,,,',
        'load_mgr04,boss,demo_manager,,,',
        'load_hlp05,helper,demo_manager,,Acme,operator',
        'load_mgr06,manager,demo_manager,12,,',
        '',
      ].join('\n'),
    );
    await refusedFile({ script: 'load', kind: 'users', ...file }, 'The file has 7 problem(s); nothing was changed.', [
      { row: 2, column: 'User name', message: 'Row 2, User name: the user name demo_helper is already taken.' },
      { row: 4, column: 'User name', message: 'Row 4, User name: load_twice1 is also in row 3.' },
      { row: 5, column: 'Parent', message: 'Row 5, Parent: demo_helper cannot have a manager below them.' },
      { row: 6, column: 'Parent', message: 'Row 6, Parent: there is no user nobody_here.' },
      { row: 7, column: 'Role', message: 'Row 7, Role: the role is manager or helper, not boss.' },
      { row: 8, column: 'Company', message: 'Row 8, Company: a helper has no Company; leave it empty.' },
      { row: 9, column: 'Password', message: 'Row 9, Password: Password must be a 6-20 digit number or character!' },
    ]);
    expect(await accounts(['load_twice1', 'load_mgr02', 'load_mgr03', 'load_mgr04', 'load_hlp05', 'load_mgr06'])).toEqual([]);
  });
});
