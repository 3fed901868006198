import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceCounts, DeviceDetail, DeviceSummary } from '@dms/contract';
import { registerBoxes } from './boxes.js';
import { bearer, body, buildTestApp, insertDevice, linkHelper, login, testDialects, userIds, type TestApp } from './helper.js';

const dialects = await testDialects();

type Page = { total: number; items: DeviceSummary[] };

/** Devices of known fields: four of demo_manager (boxes 7001-7003), one of demo_end_user (box 7101). */
const FLEET = [
  { box_id: 7001, controller: 1, company: 'Acme Air', station_no: 'ST-001', model: 'SC-75', status: 'online' },
  { box_id: 7001, controller: 2, company: 'Beta Works', station_no: '1200', model: 'SC-90', status: 'online_fault' },
  { box_id: 7002, controller: 1, company: 'Acme Industrial', station_no: 'ST-002', model: 'MB-200', status: 'offline_alert' },
  { box_id: 7003, controller: 1, company: '', station_no: '', model: 'PLC-1', status: 'offline' },
  { box_id: 7101, controller: 1, company: 'Other Co', station_no: 'X-9', model: 'SC-75', status: 'online_fault' },
] as const;

describe.each(dialects)('device list, counts and information on %s', (dialect) => {
  let t: TestApp;
  let manager: string;
  let endUser: string;
  let helper: string;
  let root: string;
  const ids = new Map<string, number>();
  const get = async (token: string, url: string) =>
    body(await t.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-language': 'en' } }));
  const list = async (token: string, query = '') => (await get(token, `/api/v2/devices?${query}`)).data as Page;
  const keys = (p: Page) => p.items.map((d) => `${d.boxId}/${d.controller}`);
  const patch = (token: string | null, url: string, payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v2/devices/${url}`,
      headers: { ...(token ? bearer(token) : {}), 'accept-language': 'en' },
      payload: payload as Record<string, unknown>,
    });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await registerBoxes(t.app, 7001, 7003);
    await registerBoxes(t.app, 7101, 7101, 'demo_end_user');
    const uid = await userIds(t);
    for (const d of FLEET) {
      const owner = d.box_id === 7101 ? uid('demo_end_user') : uid('demo_manager');
      const id = await insertDevice(t, {
        ...d,
        owner_id: owner,
        fault: d.status.endsWith('fault') ? 1 : 0,
        alert: d.status.endsWith('alert') ? 1 : 0,
      });
      ids.set(`${d.box_id}/${d.controller}`, id);
    }
    // demo_helper helps demo_manager with 7002/1 (sees it, may not change it).
    await linkHelper(t, ids.get('7002/1') ?? 0);
    [root, manager, endUser, helper] = (await Promise.all(
      ['demo_root', 'demo_manager', 'demo_end_user', 'demo_helper'].map((u) => login(t.app, u)),
    )) as [string, string, string, string];
  });
  afterAll(async () => {
    await t.close();
  });

  it('scopes the list to the devices each user sees, sorted by box id and controller', async () => {
    expect(keys(await list(manager))).toEqual(['7001/1', '7001/2', '7002/1', '7003/1']);
    expect(keys(await list(endUser))).toEqual(['7101/1']);
    expect(keys(await list(helper))).toEqual(['7002/1']);
    expect((await list(root)).total).toBe(5);
    const first = (await list(manager)).items[0];
    expect(first).toMatchObject({ company: 'Acme Air', stationNo: 'ST-001', model: 'SC-75', status: 'online', owner: 'demo_manager' });
    // The owning company falls back to the box's registration.
    expect((await list(manager)).items[3]?.company).toBe('Test Co');
  });

  it('a limited admin sees every device and box, and changes none it does not own; root-only work stays refused', async () => {
    const limited = await login(t.app, 'demo_limited_admin');
    expect(keys(await list(limited))).toEqual(['7001/1', '7001/2', '7002/1', '7003/1', '7101/1']);
    expect((await get(limited, '/api/v2/devices/7101/1')).data).toMatchObject({ boxId: 7101, controller: 1, company: 'Other Co' });
    const edit = await patch(limited, '7101/1', { remark: 'not mine' });
    expect(edit.statusCode).toBe(403);
    // The IP change log is root's own work (spec 2 smartbox/ip-log).
    const ipLog = await t.app.inject({
      method: 'GET',
      url: '/api/v2/boxes/ip-log',
      headers: { ...bearer(limited), 'accept-language': 'en' },
    });
    expect(ipLog.statusCode).toBe(403);
  });

  it('searches box ids, station numbers, companies and models anywhere in them, without case', async () => {
    expect(keys(await list(manager, 'q=700'))).toEqual(['7001/1', '7001/2', '7002/1', '7003/1']);
    expect(keys(await list(manager, 'q=7001'))).toEqual(['7001/1', '7001/2']);
    expect(keys(await list(manager, 'q=12'))).toEqual(['7001/2']);
    expect(keys(await list(manager, 'q=acme'))).toEqual(['7001/1', '7002/1']);
    expect(keys(await list(manager, 'q=ST-00'))).toEqual(['7001/1', '7002/1']);
    expect(keys(await list(manager, 'q=sc-'))).toEqual(['7001/1', '7001/2']);
    expect(keys(await list(manager, `q=${encodeURIComponent('%')}`))).toEqual([]);
    expect(keys(await list(manager, 'q=other'))).toEqual([]);
    expect(keys(await list(manager, 'q=bETA%20w'))).toEqual(['7001/2']);
    // Anywhere in the text (docs/api.md), LIKE's wildcards taken as they are typed.
    expect(keys(await list(manager, 'q=works'))).toEqual(['7001/2']);
    expect(keys(await list(manager, 'q=DUSTR'))).toEqual(['7002/1']);
    expect(keys(await list(manager, 'q=a_me'))).toEqual([]);
    expect(keys(await list(manager, 'q=w'))).toEqual(['7001/2']);
    expect(keys(await list(manager, 'q=-9'))).toEqual(['7001/2']);
    expect(keys(await list(root, 'q=sc-75'))).toEqual(['7001/1', '7101/1']);
  });

  it('filters by a status or a group, sorts either way, paginates', async () => {
    expect(keys(await list(manager, 'status=fault'))).toEqual(['7001/2']);
    expect(keys(await list(manager, 'status=alert'))).toEqual(['7002/1']);
    expect(keys(await list(manager, 'status=offline'))).toEqual(['7003/1']);
    expect(keys(await list(manager, 'sort=company&order=desc'))).toEqual(['7001/2', '7002/1', '7001/1', '7003/1']);
    expect(keys(await list(manager, 'sort=model'))).toEqual(['7002/1', '7003/1', '7001/1', '7001/2']);
    expect(keys(await list(manager, 'order=desc'))).toEqual(['7003/1', '7002/1', '7001/2', '7001/1']);
    const page2 = await list(manager, 'sort=company&order=desc&page=2&page_size=2');
    expect(page2.total).toBe(4);
    expect(keys(page2)).toEqual(['7001/1', '7003/1']);
    expect(keys(await list(manager, 'q=acme&status=online'))).toEqual(['7001/1']);
  });

  it('refuses bad list queries with a clear message, and anyone not signed in', async () => {
    const badSort = await t.app.inject({ method: 'GET', url: '/api/v2/devices?sort=colour', headers: bearer(manager) });
    expect(badSort.statusCode).toBe(400);
    expect(body(badSort).code).toBe(40001);
    const long = await get(manager, `/api/v2/devices?q=${'x'.repeat(65)}`);
    expect(long).toMatchObject({ code: 40001, message: 'q is too long' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/devices?q=acme' })).statusCode).toBe(401);
  });

  it('counts each status of the devices the user sees, with the same search', async () => {
    const all = (await get(manager, '/api/v2/devices/counts')).data as DeviceCounts;
    expect(all).toEqual({
      all: 4,
      capped: false,
      online: 1,
      offline: 1,
      online_alert: 0,
      offline_alert: 1,
      online_fault: 1,
      offline_fault: 0,
      unregistered: 0,
    });
    const acme = (await get(manager, '/api/v2/devices/counts?q=acme')).data as DeviceCounts;
    expect(acme).toMatchObject({ all: 2, capped: false, online: 1, offline_alert: 1, online_fault: 0 });
    // Root's search reads the index, not each text: its counts add up to its list's total.
    const rootAcme = (await get(root, '/api/v2/devices/counts?q=acme')).data as DeviceCounts;
    const rootList = (await get(root, '/api/v2/devices?q=acme')).data as { total: number; capped: boolean };
    expect(rootAcme.all).toBeGreaterThanOrEqual(2);
    expect(rootList).toMatchObject({ total: rootAcme.all, capped: false });
    expect(((await get(root, '/api/v2/devices/counts')).data as DeviceCounts).online_fault).toBe(2);
    expect(((await get(helper, '/api/v2/devices/counts')).data as DeviceCounts).all).toBe(1);
    expect(await get(manager, `/api/v2/devices/counts?q=${'x'.repeat(65)}`)).toMatchObject({ code: 40001, message: 'q is too long' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/devices/counts' })).statusCode).toBe(401);
  });

  it("changes a device's information for its owner and root, and logs the old and new values", async () => {
    const change = { remark: 'Near the north gate', city: 'Suzhou', lng: 120.62, lat: 31.3, installDate: '2024-03-01', model: 'SC-75' };
    const res = await patch(manager, '7001/1', change);
    expect(res.statusCode).toBe(200);
    const d = body(res).data as DeviceDetail;
    expect(d).toMatchObject({ ...change, canEdit: true });
    expect(((await get(manager, '/api/v2/devices/7001/1')).data as DeviceDetail).remark).toBe('Near the north gate');
    const log = (await get(manager, '/api/v2/datalog/operation-log?action=device.edit')).data as {
      items: Array<{ target: string; old_value: string; new_value: string; outcome: string }>;
    };
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({
      target: '7001/1',
      old_value: 'remark: -; installDate: -; city: -; lng: -; lat: -',
      new_value: 'remark: Near the north gate; installDate: 2024-03-01; city: Suzhou; lng: 120.62; lat: 31.3',
      outcome: 'ok',
    });
    const byRoot = await patch(root, '7101/1', { contact: 'Li Wei', phone: '+86 138-0000-0000', expiryDate: null });
    expect(body(byRoot).data).toMatchObject({ contact: 'Li Wei', phone: '+86 138-0000-0000', expiryDate: null });
  });

  it('refuses a change by anyone but the owner, root and admin, and bad input with its message', async () => {
    const byHelper = await patch(helper, '7002/1', { remark: 'mine' });
    expect(byHelper.statusCode).toBe(403);
    expect(body(byHelper)).toMatchObject({ code: 40300, message: "You may not change this device's settings." });
    const byOther = await patch(endUser, '7001/1', { remark: 'mine' });
    expect(byOther.statusCode).toBe(403);
    expect(body(byOther)).toMatchObject({ code: 40300, message: 'You do not have permission to do this.' });
    expect((await patch(null, '7001/1', { remark: 'x' })).statusCode).toBe(401);
    expect((await patch(root, '7999/1', { remark: 'x' })).statusCode).toBe(404);
    expect(body(await patch(manager, '7001/1', { installDate: '2026-02-30' }))).toMatchObject({
      code: 40001,
      message: 'installDate must be a date (YYYY-MM-DD)',
    });
    expect(body(await patch(manager, '7001/1', { phone: 'call me' }))).toMatchObject({
      code: 40001,
      message: 'A phone number may hold digits, spaces and + - ( ) only, at most 32',
    });
    expect(body(await patch(manager, '7001/1', { lng: 200 }))).toMatchObject({
      code: 40001,
      message: 'Longitude must be between -180 and 180',
    });
    expect(body(await patch(manager, '7001/1', { remark: 'r'.repeat(256) }))).toMatchObject({ code: 40001, message: 'remark is too long' });
    const unchanged = (await get(manager, '/api/v2/devices/7002/1')).data as DeviceDetail;
    expect(unchanged.remark).toBe('');
  });
});
