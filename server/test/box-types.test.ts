import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOX_CONFIG_WORDS,
  Code,
  defaultIn,
  type BoxConfig,
  type BoxConfigPreview,
  type BoxParam,
  type BoxTypeRow,
  type CommandsSent,
  type Language,
  type OperationLogPage,
} from '@dms/contract';
import { BUILTIN_BOX_TYPES } from '@dms/seed';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrations.js';
import { registerBoxes } from './boxes.js';
import { exportedSheet, sheetRows } from './export-file.js';
import { apiAs, buildTestApp, login, PG_URL, testDialects, userIds, type TestApp } from './helper.js';

const dialects = await testDialects();
const FIRST = 8_743_000;
const NEW_BOX = FIRST + 10;
const FORBIDDEN = 'You do not have permission to do this.';
const release = (code: string): BoxParam[] => [...(BUILTIN_BOX_TYPES.find((b) => b.code === code)?.params ?? [])];

/** A configuration as the upload's .csv in `language`: its headers, then a row per parameter (every cell quoted). */
const csvOf = (params: readonly BoxParam[], language: Language) => {
  const w = BOX_CONFIG_WORDS[language];
  const line = (cells: Array<string | number | undefined>) => cells.map((c) => `"${String(c ?? '').replace(/"/g, '""')}"`).join(',');
  const c = w.columns;
  return [
    line([c.key, c.name, c.format, c.unit, c.default, c.min, c.max, c.note]),
    ...params.map((p) =>
      line([p.key, p.name[language], w.formats[p.format], p.unit, defaultIn(p, language), p.min, p.max, p.note[language]]),
    ),
  ].join('\n');
};
const file = (fileName: string, content: string | Buffer) => ({
  fileName,
  content: (typeof content === 'string' ? Buffer.from(content) : content).toString('base64'),
});

/** docs/api.md "Box types": root's list of box types, each one's configuration by version, its upload and documents. */
describe.each(dialects)('box types as data on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const api = apiAs(() => t.app, tokens);
  const { ok, refused } = api;
  const ids: Record<string, number> = {};
  const id = (code: string) => ids[code] ?? 0;
  const list = async (query = 'page_size=100') =>
    ok<{ total: number; items: BoxTypeRow[] }>('demo_root', 'GET', `/smartbox/box-types?${query}`);
  const config = (code: string, query = '') => ok<BoxConfig>('demo_root', 'GET', `/smartbox/box-types/${id(code)}/config${query}`);
  const upload = (code: string, language: string, sent: ReturnType<typeof file>, lang = 'en') =>
    ok<BoxConfigPreview>('demo_root', 'POST', `/smartbox/box-types/${id(code)}/config/upload/${language}`, sent, { lang });
  /** Refused to root with `message`: 400 (40001), or 404 (40400). */
  const bad = (method: 'POST' | 'PUT' | 'GET', url: string, payload: unknown, message: string, status = 400) =>
    refused('demo_root', method, url, payload, { status, code: status === 404 ? Code.NOT_FOUND : Code.VALIDATION_FAILED, message });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    for (const u of ['demo_root', 'demo_limited_admin']) tokens[u] = await login(t.app, u);
    for (const row of (await list()).items) ids[row.code] = row.id;
  });
  afterAll(async () => t.close());

  it('lists the release types at version 1 with their parameters; searched by code; counts the boxes; adds a type registered', async () => {
    const fresh = await list();
    expect(fresh.total).toBe(4);
    expect(fresh.items.map((r) => [r.code, r.version, r.params, r.boxes, r.updatedBy])).toEqual([
      ['DTU-4G', 1, 7, 0, null],
      ['DTU-Ethernet', 1, 5, 0, null],
      ['DTU-WiFi', 1, 5, 0, null],
      ['GW-4G', 1, 7, 0, null],
    ]);
    expect(fresh.items.every((r) => r.updatedAt > 0)).toBe(true);
    expect((await list('q=wifi')).items.map((r) => r.code)).toEqual(['DTU-WiFi']);
    expect((await list('q=4G')).items.map((r) => r.code)).toEqual(['DTU-4G', 'GW-4G']);
    expect((await list('q=%25')).total).toBe(0);
    expect((await list('page_size=1&page=2')).items.map((r) => r.code)).toEqual(['DTU-Ethernet']);

    await registerBoxes(t.app, FIRST, FIRST + 2);
    const uid = await userIds(t);
    await ok('demo_root', 'POST', '/box-reg-info', {
      startBoxId: NEW_BOX,
      endBoxId: NEW_BOX,
      userId: uid('demo_manager'),
      boxType: 'NB-IoT',
      companyName: 'Test Co',
    });
    const now = await list();
    expect(now.total).toBe(5);
    expect(now.items.map((r) => [r.code, r.version, r.params, r.boxes])).toEqual([
      ['DTU-4G', 1, 7, 3],
      ['DTU-Ethernet', 1, 5, 0],
      ['DTU-WiFi', 1, 5, 0],
      ['GW-4G', 1, 7, 0],
      ['NB-IoT', 0, 0, 1],
    ]);
    for (const row of now.items) ids[row.code] = row.id;
    expect(await ok<string[]>('demo_root', 'GET', '/box-reg-info/box-types')).toEqual(now.items.map((r) => r.code));
    expect(await config('NB-IoT')).toMatchObject({ code: 'NB-IoT', version: 0, current: 0, versions: [], params: [], savedBy: null });
  });

  it('adds a box type before any box is registered as it; a code taken or malformed is refused; logged; root only', async () => {
    const { id: made } = await ok<{ id: number }>('demo_root', 'POST', '/smartbox/box-types', { code: ' LTE-Cat1 ' });
    expect((await list('q=lte-cat')).items).toMatchObject([{ id: made, code: 'LTE-Cat1', version: 0, params: 0, boxes: 0 }]);
    expect(await ok<string[]>('demo_root', 'GET', '/box-reg-info/box-types')).toContain('LTE-Cat1');
    await bad('POST', '/smartbox/box-types', { code: 'LTE-Cat1' }, 'The box type LTE-Cat1 exists already.');
    await bad(
      'POST',
      '/smartbox/box-types',
      { code: 'no spaces' },
      'The box type is 1 to 32 letters, digits, dots, dashes or underscores.',
    );
    await refused(
      'demo_limited_admin',
      'POST',
      '/smartbox/box-types',
      { code: 'X-1' },
      { status: 403, code: Code.FORBIDDEN, message: FORBIDDEN },
    );
    const logged = await ok<{ items: Array<{ action: string; target: string }> }>(
      'demo_root',
      'GET',
      '/datalog/operation-log?page_size=20',
    );
    expect(logged.items).toContainEqual(expect.objectContaining({ action: 'smartbox.createBoxType', target: 'LTE-Cat1' }));
  });

  it("reads a type's configuration in use, refuses an unknown version and an unknown type", async () => {
    const gw = await config('GW-4G');
    expect(gw).toMatchObject({ id: id('GW-4G'), code: 'GW-4G', version: 1, current: 1, versions: [1], savedBy: null });
    expect(gw.params).toEqual(release('GW-4G'));
    expect(gw.params[0]).toMatchObject({ key: 'interval', min: 5, max: 3600 });
    expect(await config('GW-4G', '?version=1')).toEqual(gw);
    await bad('GET', `/smartbox/box-types/${id('GW-4G')}/config?version=2`, undefined, 'This box type has no version 2.', 404);
    await bad('GET', '/smartbox/box-types/999999/config', undefined, 'Not found.', 404);
  });

  it('saves a configuration as the next version over the one in use, logged; refuses a stale version and a broken rule', async () => {
    const url = `/smartbox/box-types/${id('DTU-4G')}/config`;
    const params = release('DTU-4G').map((p) =>
      p.key === 'interval' ? { ...p, min: 5, max: 600 } : p.key === 'deadband' ? { ...p, max: 100 } : p,
    );
    expect(await ok('demo_root', 'PUT', url, { params, version: 1 })).toEqual({ version: 2 });
    const saved = await config('DTU-4G');
    expect(saved).toMatchObject({ version: 2, current: 2, versions: [2, 1], savedBy: 'demo_root' });
    expect(saved.params).toEqual(params);
    const first = await config('DTU-4G', '?version=1');
    expect(first).toMatchObject({ version: 1, current: 2, versions: [2, 1], savedBy: null });
    expect(first.params).toEqual(release('DTU-4G'));
    expect((await list('q=dtu-4g')).items[0]).toMatchObject({ version: 2, params: 7, updatedBy: 'demo_root' });

    await refused(
      'demo_root',
      'PUT',
      url,
      { params, version: 1 },
      {
        status: 409,
        code: Code.TYPE_VERSION_CHANGED,
        message: 'Someone else saved this configuration meanwhile (it is now version 2). Upload the file again to see what it changes now.',
      },
    );
    await bad('PUT', url, { params: [params[0], params[0]], version: 2 }, 'Row 2: the key interval is also in row 1.');
    const res = await api.call('demo_root', 'PUT', url, {
      params: [
        { ...params[0], min: 0 },
        { ...params[1], default: 'x' },
      ],
      version: 2,
    });
    expect(res.json<{ data: { issues: unknown } }>().data.issues).toEqual([
      {
        path: 'params.0.max',
        message: 'Row 1: interval is set by the config command, so it is a number with a whole minimum and maximum within 1 to 3600.',
      },
      { path: 'params.1.default', message: 'Row 2: the default of a number parameter must be a number.' },
    ]);
    await bad('PUT', url, { params: [], version: 2 }, 'A configuration needs at least one parameter.');
    await bad('PUT', '/smartbox/box-types/999999/config', { params, version: 1 }, 'Not found.', 404);
    expect((await config('DTU-4G')).version).toBe(2);

    const log = await ok<OperationLogPage>('demo_root', 'GET', '/datalog/operation-log?action=smartbox.saveBoxConfig');
    const all = 'deadband=0, baud=9600, poll_timeout=1000, apn=cmnet, keepalive=60, gps=no';
    expect(log.items.map((e) => [e.username, e.target, e.old_value, e.new_value, e.outcome])).toEqual([
      ['demo_root', 'DTU-4G v2', `v1: interval=10, ${all}`, `v2: interval=10, ${all} (0 added, 2 changed, 0 removed)`, 'ok'],
    ]);
  });

  it('previews an uploaded .csv in English: the diff, the names copied, every problem by row and column; nothing saved', async () => {
    const wifi = release('DTU-WiFi');
    // A new parameter: named and noted in English, the other languages copied from it.
    const all = (text: string) => ({ en: text, zh: text, es: text, ja: text });
    const led: BoxParam = { key: 'led', name: all('Status light'), format: 'yes-no', unit: '', default: 'yes', note: all('Lit.') };
    const changed = [{ ...wifi[0], default: '30' } as BoxParam, ...wifi.slice(1), led];
    const preview = await upload('DTU-WiFi', 'en', file('wifi.csv', csvOf(changed, 'en')));
    expect(preview.problems).toEqual([]);
    expect(preview.version).toBe(1);
    expect(preview.namesCopied).toEqual(['led']);
    expect(preview.diff.added).toEqual([led]);
    expect(preview.diff.removed).toEqual([]);
    expect(preview.diff.changed.map((c) => [c.before.key, c.before.default, c.after.default, c.fields])).toEqual([
      ['interval', '10', '30', ['default']],
    ]);
    expect(preview.params.slice(0, 5)).toEqual(changed.slice(0, 5));
    expect((await config('DTU-WiFi')).version).toBe(1);

    // A bad number cell (row 3 left out), and a key twice with the rule its range breaks: rows and columns of the file.
    const broken = csvOf(
      [wifi[0], { ...wifi[1], unit: 'x' }, { ...wifi[2], key: 'interval' }, ...wifi.slice(3)] as BoxParam[],
      'en',
    ).replace('"x","0","0"', '"x","0","abc"');
    const problems = await upload('DTU-WiFi', 'en', file('wifi.csv', broken));
    expect(problems.problems).toEqual([
      { row: 3, column: 'Minimum', message: 'Row 3, Minimum: a number is needed.' },
      { row: 4, column: 'Key', message: 'Row 4: the key interval is also in row 2.' },
      {
        row: 4,
        column: 'Maximum',
        message: 'Row 4: interval is set by the config command, so it is a number with a whole minimum and maximum within 1 to 3600.',
      },
    ]);
    expect(problems.params.map((p) => p.key)).toEqual(['interval', 'interval', 'poll_timeout', 'keepalive']);
    // Told in the caller's language.
    expect((await upload('DTU-WiFi', 'en', file('wifi.csv', broken), 'zh')).problems[0]).toEqual({
      row: 3,
      column: '最小值',
      message: '第3行，最小值：须为数字。',
    });

    const url = `/smartbox/box-types/${id('DTU-WiFi')}/config/upload/en`;
    await bad('POST', url, file('wifi.csv', 'Key,Format\ninterval,Number'), 'The first row must name the columns; Name is missing.');
    await bad('POST', url, file('wifi.csv', 'Key,Name,Default'), 'The file has no parameter rows.');
    await bad('POST', url, file('wifi.xlsx', 'not a workbook'), 'The file could not be read as .xlsx or .csv.');
    const good = file('wifi.csv', csvOf(wifi, 'en'));
    await bad('POST', `/smartbox/box-types/${id('DTU-WiFi')}/config/upload/fr`, good, 'Invalid value for language');
    await bad('POST', '/smartbox/box-types/999999/config/upload/en', good, 'Not found.', 404);

    // Applied: the next version.
    expect(await ok('demo_root', 'PUT', `/smartbox/box-types/${id('DTU-WiFi')}/config`, { params: preview.params, version: 1 })).toEqual({
      version: 2,
    });
    expect((await config('DTU-WiFi')).params.map((p) => p.key)).toEqual([...wifi.map((p) => p.key), 'led']);
  });

  it('reads a Chinese .xlsx of a few columns, headed in Chinese: its names change, the other languages and columns are kept', async () => {
    const wifi = release('DTU-WiFi');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('config');
    ws.addRow(['键', '名称', '默认值']);
    for (const p of wifi)
      ws.addRow([p.key, p.key === 'interval' ? '上报周期' : p.name.zh, p.format === 'number' ? Number(p.default) : p.default]);
    const preview = await upload('DTU-WiFi', 'zh', file('config.xlsx', Buffer.from(await wb.xlsx.writeBuffer())));
    expect(preview.problems).toEqual([]);
    expect(preview.version).toBe(2);
    expect(preview.namesCopied).toEqual([]);
    expect(preview.params.map((p) => [p.key, p.name.en, p.name.zh])).toEqual([
      ['interval', 'Report interval', '上报周期'],
      ['deadband', 'Deadband', '死区'],
      ['baud', 'Baud rate', '波特率'],
      ['poll_timeout', 'Poll timeout', '轮询超时'],
      ['keepalive', 'Keep alive', '心跳间隔'],
    ]);
    // The file's default of interval (10) against version 2's (30); the led row is not in the file.
    expect(preview.diff.changed.map((c) => [c.after.key, c.fields])).toEqual([['interval', ['name', 'default']]]);
    expect(preview.diff.removed.map((p) => p.key)).toEqual(['led']);
    expect(preview.params[0]).toMatchObject({ format: 'number', unit: 's', min: 1, max: 3600, note: wifi[0]?.note });
  });

  it("holds the config command to each box's type: /smartbox/dws and /smartbox/commands refuse an interval or deadband outside", async () => {
    // DTU-4G's version 2 (saved above): interval 5 to 600, deadband 0 to 100.
    await bad(
      'POST',
      '/smartbox/dws',
      { boxIds: [FIRST + 2, FIRST + 1], interval: 2 },
      `Box ${FIRST + 1} is a DTU-4G: its report interval is 5 to 600 seconds.`,
    );
    await refused(
      'demo_root',
      'POST',
      '/smartbox/dws',
      { boxIds: [FIRST], interval: 601 },
      { status: 400, code: Code.VALIDATION_FAILED, message: `盒子 ${FIRST} 为 DTU-4G：上报间隔为 5 到 600 秒。` },
      'zh',
    );
    await bad('POST', '/smartbox/dws', { boxIds: [FIRST], deadband: 101 }, `Box ${FIRST} is a DTU-4G: its deadband is 0 to 100.`);
    await bad(
      'POST',
      '/smartbox/commands',
      { boxIds: [FIRST], cmd: 'config', args: { interval: 700 } },
      `Box ${FIRST} is a DTU-4G: its report interval is 5 to 600 seconds.`,
    );
    // A box of a type without a configuration is held to the protocol's range only; among others, the DTU-4G is named.
    await bad(
      'POST',
      '/smartbox/dws',
      { boxIds: [NEW_BOX, FIRST], interval: 2 },
      `Box ${FIRST} is a DTU-4G: its report interval is 5 to 600 seconds.`,
    );
    expect(await t.app.db.selectFrom('box_commands').select('box_id').execute()).toEqual([]);
    expect(await ok<CommandsSent>('demo_root', 'POST', '/smartbox/dws', { boxIds: [NEW_BOX], interval: 2 })).toMatchObject({ queued: 1 });

    expect(
      await ok<CommandsSent>('demo_root', 'POST', '/smartbox/dws', { boxIds: [FIRST, FIRST + 1], interval: 10, deadband: 100 }),
    ).toMatchObject({ queued: 2 });
    expect(
      await ok<CommandsSent>('demo_root', 'POST', '/smartbox/commands', { boxIds: [FIRST + 2], cmd: 'config', args: { interval: 5 } }),
    ).toMatchObject({ queued: 1 });
    const settings = await t.app.db.selectFrom('box_upload_settings').select(['box_id', 'interval']).orderBy('box_id').execute();
    expect(settings).toEqual([
      { box_id: FIRST, interval: 10 },
      { box_id: FIRST + 1, interval: 10 },
      { box_id: NEW_BOX, interval: 2 },
    ]);
  });

  it('exports the configuration (the template, kind box-config) and the protocol document (box-protocol) in Chinese', async () => {
    const { sheet: template, disposition } = await exportedSheet(
      api,
      'demo_root',
      { kind: 'box-config', filter: { typeId: id('DTU-4G'), language: 'zh' }, tz: 'UTC' },
      'zh',
    );
    expect(template.name).toBe('DTU-4G');
    expect(disposition).toContain('box-config-DTU-4G-v2-zh');
    const config = sheetRows(template, 8);
    expect(config[0]).toEqual(['键', '名称', '格式', '单位', '默认值', '最小值', '最大值', '说明']);
    expect(config[1]).toEqual(['interval', '上报间隔', '数值', 's', '10', 5, 600, '两次数据快照之间的秒数。']);
    expect(config).toHaveLength(8);

    const { sheet: doc } = await exportedSheet(
      api,
      'demo_root',
      { kind: 'box-protocol', filter: { typeId: id('DTU-4G'), version: 1, language: 'zh' }, tz: 'UTC' },
      'zh',
    );
    const rows = sheetRows(doc, 8);
    expect(rows[0]).toEqual(['键', '名称', '格式', '单位', '默认值', '范围', '设置方式', '说明']);
    expect(rows[1]).toEqual(['interval', '上报间隔', '数值', 's', '10', '1 – 3600', '配置命令', '两次数据快照之间的秒数。']);
    expect(rows[3]?.slice(0, 7)).toEqual(['baud', '波特率', '数值', 'bit/s', '9600', '1200 – 115200', '盒子本地']);
    expect(rows[7]?.slice(0, 5)).toEqual(['gps', '定位上报', '是/否', null, '否']);
    // The version in use: the range saved.
    const { sheet: now } = await exportedSheet(api, 'demo_root', {
      kind: 'box-protocol',
      filter: { typeId: id('DTU-4G'), language: 'en' },
      tz: 'UTC',
    });
    expect(sheetRows(now, 8)[1]?.slice(0, 7)).toEqual(['interval', 'Report interval', 'Number', 's', '10', '5 – 600', 'config command']);
    await refused(
      'demo_limited_admin',
      'POST',
      '/exports',
      { kind: 'box-protocol', filter: { typeId: id('DTU-4G'), language: 'en' }, tz: 'UTC' },
      { status: 403, code: Code.FORBIDDEN, message: FORBIDDEN },
    );
  });

  it('refuses a caller without a token and anyone but root', async () => {
    await refused(null, 'GET', '/smartbox/box-types', undefined, { status: 401, code: Code.TOKEN_ILLEGAL });
    await refused('demo_limited_admin', 'GET', '/smartbox/box-types', undefined, { status: 403, code: Code.FORBIDDEN, message: FORBIDDEN });
    const denied = { status: 403, code: Code.FORBIDDEN, message: FORBIDDEN };
    await refused(
      'demo_limited_admin',
      'PUT',
      `/smartbox/box-types/${id('GW-4G')}/config`,
      { params: release('GW-4G'), version: 1 },
      denied,
    );
  });
});

/** Migration 0027 on a database that has boxes: the release's types, and each type a box was registered as. */
describe.each(dialects)('migration 0027 (box types) on %s', (dialect) => {
  it('seeds the release types at version 1 and adds every type boxes were registered as at version 0', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-db-'));
    const schema = dialect === 'postgres' ? `t_db_${process.pid}_bt${Date.now().toString(36)}` : undefined;
    const { db, close } = await openDatabase(
      schema ? { kind: 'postgres', url: PG_URL, schema } : { kind: 'sqlite', file: path.join(dir, 'dms.sqlite') },
    );
    try {
      await migrate(db, dialect, schema, '0026_box_addresses');
      const now = Date.now();
      const { id: owner } = await db
        .insertInto('users')
        .values({
          ...{ username: 'factory', password_hash: 'x', roles: '["manager"]', level: 4, name: 'f', is_manager: 0 },
          ...{ avatar: '', introduction: '', remark: '', created_at: now, password_changed_at: now },
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const box = (box_id: number, box_type: string) => ({
        ...{ box_id, box_type, owner_id: owner, secret_hash: 'x', contact: '', company_name: '', online: 0 },
        ...{ push_warning: 1, push_fault: 1, push_normal: 1, registered_at: now, registered_by: owner },
      });
      await db
        .insertInto('boxes')
        .values([box(1, 'DTU-4G'), box(2, 'Legacy-X'), box(3, 'Legacy-X'), box(4, '')])
        .execute();

      expect(await migrate(db, dialect, schema, '0027_box_types')).toEqual(['0027_box_types']);
      const types = await db.selectFrom('box_types').select(['code', 'version', 'params', 'updated_at']).orderBy('code').execute();
      expect(types.map((r) => [r.code, r.version, JSON.parse(r.params) as unknown])).toEqual([
        ...[...BUILTIN_BOX_TYPES].sort((a, b) => (a.code < b.code ? -1 : 1)).map((b) => [b.code, 1, b.params]),
        ['Legacy-X', 0, []],
      ]);
      expect(types.every((r) => r.updated_at > 0)).toBe(true);
      const versions = await db.selectFrom('box_type_versions').select(['version', 'created_by']).execute();
      expect(versions).toEqual(BUILTIN_BOX_TYPES.map(() => ({ version: 1, created_by: null })));
    } finally {
      await close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
