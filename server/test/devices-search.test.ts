import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cappedDeviceCounts, type DeviceCounts, type DeviceSummary } from '@dms/contract';
import { refreshReach } from '../src/access/reach.js';
import { planSearch } from '../src/modules/devices/search.js';
import { registerBoxes } from './boxes.js';
import { bearer, body, buildTestApp, insertDevice, login, testDialects, userIds, type TestApp } from './helper.js';

const dialects = await testDialects();

type Page = { total: number; items: DeviceSummary[] };

/** Devices with Chinese and Latin text in every searched field: three of demo_manager, one of demo_end_user. */
const FLEET = [
  {
    box_id: 860101,
    controller: 1,
    company: '深圳恒力空压机有限公司',
    station_no: 'SZ-空压-01',
    model: 'LG-37',
    remark: '主车间 Shenzhen Hengli',
    province: '广东省',
    city: '深圳市',
    area: '宝安区',
    street: '福永街道凤凰路88号',
    contact: '张伟',
    phone: '13800138000',
    iot_card: '89860412345678901234',
  },
  {
    box_id: 860102,
    controller: 1,
    company: '广州磁悬浮风机厂',
    station_no: 'GZ-02',
    model: 'MB-200',
    remark: '油温 50%_上限',
    province: '广东省',
    city: '广州市',
    area: '番禺区',
    street: '市桥街道',
    contact: '李娜',
    phone: '020-84561234',
    iot_card: '89860498765432100000',
  },
  {
    box_id: 770201,
    controller: 2,
    company: 'Acme Air',
    station_no: 'ST-7',
    model: 'SC-75',
    remark: '',
    province: '浙江省',
    city: '杭州市',
    area: '',
    street: 'Wensan Road',
    contact: 'Wang Fang',
    phone: '0571-8888',
    iot_card: '',
  },
  {
    box_id: 990301,
    controller: 1,
    company: '深圳恒力客户',
    station_no: 'Z-1',
    model: 'LG-37',
    remark: 'Shenzhen end user',
    province: '广东省',
    city: '深圳市',
    area: '南山区',
    street: '科技园',
    contact: '王芳',
    phone: '13900000000',
    iot_card: '89860400000000000001',
  },
] as const;

describe.each(dialects)('search anywhere in a device text on %s', (dialect) => {
  let t: TestApp;
  let manager: string;
  let endUser: string;
  let root: string;
  const get = async (token: string, url: string) =>
    body(await t.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-language': 'en' } }));
  const found = async (token: string, q: string) =>
    ((await get(token, `/api/v2/devices?q=${encodeURIComponent(q)}`)).data as Page).items.map((d) => `${d.boxId}/${d.controller}`);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await registerBoxes(t.app, 860101, 860103);
    await registerBoxes(t.app, 770201, 770201);
    await registerBoxes(t.app, 990301, 990301, 'demo_end_user');
    const uid = await userIds(t);
    for (const d of FLEET)
      await insertDevice(t, {
        ...d,
        owner_id: d.box_id === 990301 ? uid('demo_end_user') : uid('demo_manager'),
        status: 'online',
        fault: 0,
        alert: 0,
      });
    // A device with no company of its own shows its box registration's ("Test Co"): that is what is searched.
    await insertDevice(t, { box_id: 860103, controller: 1, owner_id: uid('demo_manager'), status: 'online', fault: 0, alert: 0 });
    [root, manager, endUser] = (await Promise.all(['demo_root', 'demo_manager', 'demo_end_user'].map((u) => login(t.app, u)))) as [
      string,
      string,
      string,
    ];
  });
  afterAll(async () => t.close());

  it.each([
    // Chinese, of one, two and more characters, anywhere in the company, location and contact
    ['恒', ['860101/1']],
    ['恒力', ['860101/1']],
    ['空压机', ['860101/1']],
    ['磁悬浮风机', ['860102/1']],
    ['广东', ['860101/1', '860102/1']],
    ['深圳市', ['860101/1']],
    ['杭州', ['770201/2']],
    ['宝安', ['860101/1']],
    ['凤凰路', ['860101/1']],
    ['娜', ['860102/1']],
    ['市', ['770201/2', '860101/1', '860102/1']],
    // Latin and pinyin, any case, inside a word
    ['hengli', ['860101/1']],
    ['ENZH', ['860101/1']],
    ['ensan', ['770201/2']],
    ['me a', ['770201/2']],
    ['g f', ['770201/2']],
    // box ids, phones, IoT card codes, station numbers and models, inside them
    ['0101', ['860101/1']],
    ['8601', ['860101/1', '860102/1', '860103/1']],
    ['0201', ['770201/2']],
    ['8456', ['860102/1']],
    ['13800', ['860101/1']],
    ['9876543', ['860102/1']],
    ['空压-0', ['860101/1']],
    ['b-2', ['860102/1']],
    ['-75', ['770201/2']],
    // LIKE's wildcards are text
    ['50%', ['860102/1']],
    ['%_', ['860102/1']],
    ['_', ['860102/1']],
    ['%', ['860102/1']],
    ['0%x', []],
    // nothing
    ['上海', []],
    ['zz', []],
    ['x', []],
    ['"', []],
  ])('a manager searching %j finds %j', async (q, expected) => {
    expect(await found(manager, q)).toEqual(expected);
  });

  it('keeps to what each user sees: the same text finds only their own devices', async () => {
    expect(await found(manager, '恒力')).toEqual(['860101/1']);
    expect(await found(endUser, '恒力')).toEqual(['990301/1']);
    expect(await found(root, '恒力')).toEqual(['860101/1', '990301/1']);
    expect(await found(endUser, '空压机')).toEqual([]);
    expect(await found(manager, 'end user')).toEqual([]);
    expect(await found(endUser, 'end user')).toEqual(['990301/1']);
    // Past the last page: no rows, and the total still counted.
    expect((await get(manager, `/api/v2/devices?q=${encodeURIComponent('广东')}&page=3&page_size=1`)).data).toEqual({
      total: 2,
      capped: false,
      items: [],
    });
    expect((await get(manager, `/api/v2/devices?q=${encodeURIComponent('广东')}&page=2&page_size=1`)).data).toMatchObject({
      total: 2,
      items: [{ boxId: 860102 }],
    });
    const counts = (await get(manager, `/api/v2/devices/counts?q=${encodeURIComponent('广东')}`)).data as DeviceCounts;
    expect(counts).toMatchObject({ all: 2, online: 2 });
  });

  it("counts root's matches many or few, without the devices of a deleted box", async () => {
    const page = async (q: string, query = '') => (await get(root, `/api/v2/devices?q=${encodeURIComponent(q)}${query}`)).data as Page;
    // One in four of the fleet: root's list walks the devices in order and checks each; one in 50 reads the matches first.
    expect(await page('深圳')).toMatchObject({ total: 2 });
    expect((await page('深圳', '&sort=boxId&order=desc')).items.map((d) => d.boxId)).toEqual([990301, 860101]);
    expect(await page('深圳', '&status=online')).toMatchObject({ total: 2 });
    await t.app.db
      .insertInto('box_deletions')
      .values({
        box_id: 990301,
        deleted_at: t.clock.now,
        deleted_by: 'demo_root',
        deleted_by_id: null,
        purge_at: t.clock.now + 86_400_000,
        devices: 1,
      })
      .execute();
    try {
      expect(await page('深圳')).toMatchObject({ total: 1, items: [{ boxId: 860101 }] });
      expect(await page('深圳', '&status=online')).toMatchObject({ total: 1 });
      expect(await page('圳')).toMatchObject({ total: 1 });
    } finally {
      await t.app.db.deleteFrom('box_deletions').where('box_id', '=', 990301).execute();
    }
  });

  it("finds a device without a company of its own by its box registration's, and follows that", async () => {
    expect(await found(manager, 'st c')).toEqual(['860103/1']);
    // Root's short searches read the index's terms once and keep them (SQLite) until the searched text changes.
    expect(await found(root, '磁力')).not.toContain('860103/1');
    expect(await found(root, '自有')).toEqual([]);
    await t.app.db.updateTable('boxes').set({ company_name: '磁力机械厂' }).where('box_id', '=', 860103).execute();
    expect(await found(manager, '磁力')).toEqual(['860103/1']);
    expect(await found(root, '磁力')).toContain('860103/1');
    expect(await found(manager, 'test')).toEqual([]);
    // Its own company, once it has one, is what is searched.
    await t.app.db.updateTable('devices').set({ company: '自有公司' }).where('box_id', '=', 860103).execute();
    expect(await found(manager, '磁力')).toEqual([]);
    expect(await found(manager, '自有')).toEqual(['860103/1']);
    expect(await found(root, '自有')).toEqual(['860103/1']);
    expect(await found(root, '磁力')).not.toContain('860103/1');
  });

  it('follows a device as its text changes, and forgets one deleted', async () => {
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/v2/devices/770201/2',
      headers: { ...bearer(manager), 'accept-language': 'en' },
      payload: { remark: '二号站 backup unit', street: '' },
    });
    expect(patch.statusCode).toBe(200);
    expect(await found(manager, '二号')).toEqual(['770201/2']);
    expect(await found(manager, 'backup')).toEqual(['770201/2']);
    expect(await found(manager, 'ensan')).toEqual([]);
    await t.app.db.deleteFrom('devices').where('box_id', '=', 860102).execute();
    expect(await found(manager, '磁悬浮')).toEqual([]);
    expect(await found(manager, '广东')).toEqual(['860101/1']);
  });

  it('finds the same for a user who reaches many devices (matches read from the index) as for one who reaches few (each text read), in any case', async () => {
    const uid = await userIds(t);
    // The manager reaches a handful: each device's own text is read, folded as the index folds it.
    await insertDevice(t, {
      box_id: 860103,
      controller: 2,
      owner_id: uid('demo_manager'),
      company: 'ÄRGER Straße',
      status: 'online',
      fault: 0,
      alert: 0,
    });
    expect(await found(manager, 'ärger')).toEqual(['860103/2']);
    expect(await found(manager, 'STRASSE')).toEqual([]);
    expect(await found(manager, 'ger str')).toEqual(['860103/2']);
    // The end user reaches more than a search walks (5,001 devices more): the matches are read from the index first.
    await registerBoxes(t.app, 990302, 990302, 'demo_end_user');
    const ids: number[] = [];
    for (let c = 1; c <= 5001; c += 1000) {
      const rows = Array.from({ length: Math.min(1000, 5002 - c) }, (_, k) => ({
        box_id: 990302,
        controller: c + k,
        owner_id: uid('demo_end_user'),
        company: c + k === 77 ? 'ÄRGER Straße' : '',
        status: 'online',
        fault: 0,
        alert: 0,
        type_id: null,
        type_code: 'screw-compressor',
        online: 1,
        last_seen: null,
        created_at: t.clock.now,
      }));
      ids.push(...(await t.app.db.insertInto('devices').values(rows).returning('id').execute()).map((r) => r.id));
    }
    await refreshReach(t.app.db, ids);
    expect(await found(endUser, 'ärger')).toEqual(['990302/77']);
    expect(await found(endUser, '恒力')).toEqual(['990301/1']);
    expect(await found(endUser, 'end user')).toEqual(['990301/1']);
    // 5,002 devices hold the text: a total counts up to the next thousand past the page's last row.
    const totalOf = async (page: number) => {
      const { total, capped } = (await get(endUser, `/api/v2/devices?q=99030&page_size=1&page=${page}`)).data as Page & { capped: boolean };
      return { total, capped };
    };
    expect(await totalOf(1)).toEqual({ total: 1000, capped: true });
    expect(await totalOf(999)).toEqual({ total: 1000, capped: true });
    expect(await totalOf(1000)).toEqual({ total: 2000, capped: true });
    expect(await totalOf(4500)).toEqual({ total: 5000, capped: true });
    expect(await totalOf(5001)).toEqual({ total: 5002, capped: false });
    // Its quick filters: the cap, and no status told.
    expect((await get(endUser, '/api/v2/devices/counts?q=99030')).data).toEqual(cappedDeviceCounts());
    expect(cappedDeviceCounts()).toMatchObject({ all: 1000, capped: true, online: null, unregistered: null });
    expect(await found(manager, 'ärger')).toEqual(['860103/2']);
  });

  it("pages root's search in list order however dense its text: a thousand matches and more, one device in a hundred", async () => {
    // 1,001 devices hold the text, their ids a hundred apart (one device in a hundred of the id range): on SQLite the
    // page walks the list's index and looks each device up in the set of the index's matches (`set`).
    await registerBoxes(t.app, 990303, 990303, 'demo_end_user');
    const uid = await userIds(t);
    const rows = Array.from({ length: 1001 }, (_, k) => ({
      id: 300_000 + k * 100,
      box_id: 990303,
      controller: 1 + ((k * 2) % 1001),
      owner_id: uid('demo_end_user'),
      company: `Qset Works ${k}`,
      status: k % 3 === 0 ? 'offline' : 'online',
      fault: 0,
      alert: 0,
      type_id: null,
      type_code: 'screw-compressor',
      online: k % 3 === 0 ? 0 : 1,
      last_seen: null,
      created_at: t.clock.now,
    }));
    for (let k = 0; k < rows.length; k += 500)
      await t.app.db
        .insertInto('devices')
        .values(rows.slice(k, k + 500))
        .execute();
    if (dialect === 'sqlite') expect((await planSearch(t.app.db, 'QSET', null))?.by).toBe('set');
    const page = async (query: string) => (await get(root, `/api/v2/devices?q=qset${query}`)).data as Page & { capped: boolean };
    const controllers = (p: Page) => p.items.map((d) => d.controller);
    expect(await page('&page_size=5')).toMatchObject({ total: 1000, capped: true });
    expect(controllers(await page('&page_size=5'))).toEqual([1, 2, 3, 4, 5]);
    expect(controllers(await page('&page_size=3&order=desc'))).toEqual([1001, 1000, 999]);
    // Controller 1 + (2k mod 1001), every one of 1 to 1,001: offline when k is a multiple of three.
    const offline = rows.filter((r) => r.status === 'offline').map((r) => r.controller);
    expect(controllers(await page('&page_size=4&status=offline'))).toEqual(offline.sort((a, b) => a - b).slice(0, 4));
    expect(controllers(await page('&page=201&page_size=5'))).toEqual([1001]);
    expect(await found(root, 'qset works 1000')).toEqual([`990303/${1 + ((1000 * 2) % 1001)}`]);
  });

  it.runIf(dialect === 'postgres')(
    "keeps the searched text as a stored column (migration 0038), lower-cased, with the search's index on it",
    async () => {
      const { rows } = await sql<{ search_text: string }>`select search_text from devices where box_id = 860101`.execute(t.app.db);
      expect(rows[0]?.search_text.split('\u001f\u001f')).toEqual([
        '深圳恒力空压机有限公司',
        'sz-空压-01',
        '860101',
        'lg-37',
        '主车间 shenzhen hengli',
        '广东省',
        '深圳市',
        '宝安区',
        '福永街道凤凰路88号',
        '张伟',
        '13800138000',
        '89860412345678901234',
        '',
      ]);
      const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes
        where schemaname = current_schema() and tablename = 'devices' and indexname like 'devices_search%'`.execute(t.app.db);
      expect(indexes.rows.map((r) => r.indexname)).toEqual(['devices_search_text']);
    },
  );
});
