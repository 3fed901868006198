import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoxLinkRow, BoxRegistrationResult, BoxRegPage } from '@dms/contract';
import { connectBox, hello, send } from './boxes.js';
import { bearer, body, buildTestApp, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

describe.each(dialects)('box registration API on %s', (dialect) => {
  let t: TestApp;
  let root: string;
  let limited: string;
  let manager: string;
  let managerId: number;
  const register = (token: string, payload: Record<string, unknown>, lang = 'en') =>
    t.app.inject({ method: 'POST', url: '/api/v2/box-reg-info', headers: { ...bearer(token), 'accept-language': lang }, payload });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    [root, limited, manager] = (await Promise.all(['demo_root', 'demo_limited_admin', 'demo_manager'].map((u) => login(t.app, u)))) as [
      string,
      string,
      string,
    ];
    const users = body(await t.app.inject({ method: 'GET', url: '/api/v2/box-reg-info/users?q=demo_man', headers: bearer(root) }))
      .data as Array<{ id: number; username: string }>;
    managerId = users.find((u) => u.username === 'demo_manager')?.id ?? 0;
  });
  afterAll(async () => t.close());

  it('registers a range to a user, issuing credentials that work once shown and downloadable once as .xlsx', async () => {
    const fields = { boxType: 'DTU-4G', contact: 'Li Lei 138', companyName: 'Acme Air', pushWarning: 2, pushFault: 3, pushNormal: 0 };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/box-reg-info',
      headers: { ...bearer(limited), host: 'dms.example.com:8080' },
      payload: { startBoxId: 8001, endBoxId: 8003, userId: managerId, ...fields },
    });
    expect(res.statusCode).toBe(200);
    const result = body(res).data as BoxRegistrationResult;
    // Where the boxes connect: the host the console reached, the embedded broker's real port, MQTT 3.1.1, payload v1.
    expect(result.broker).toEqual({ host: 'dms.example.com', port: t.app.mqttPort, mqttVersion: '3.1.1', protocolVersion: 1 });
    expect(result.boxes.map((b) => [b.boxId, b.clientId, b.username])).toEqual([
      [8001, 'box-8001', '8001'],
      [8002, 'box-8002', '8002'],
      [8003, 'box-8003', '8003'],
    ]);
    expect(new Set(result.boxes.map((b) => b.password)).size).toBe(3);
    const stored = await t.app.db.selectFrom('boxes').select(['secret_hash']).where('box_id', '=', 8001).executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toContain(result.boxes[0]?.password ?? '-');

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v2/box-reg-info/credentials/${result.download.token}`,
      headers: bearer(limited),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]
      ?.getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows).toEqual([
      ['Box ID', 'MQTT client ID', 'MQTT username', 'MQTT password', 'Broker address', 'Broker port', 'MQTT version', 'Protocol version'],
      ...result.boxes.map((b) => [b.boxId, b.clientId, b.username, b.password, 'dms.example.com', t.app.mqttPort, '3.1.1', 1]),
    ]);
    expect(workbook.worksheets[0]?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/v2/box-reg-info/credentials/${result.download.token}`,
      headers: bearer(limited),
    });
    expect(again.statusCode).toBe(404);
    expect(body(again).message).toBe('This download has expired or was already used.');

    const box = result.boxes[0];
    if (!box) throw new Error('no box');
    const client = await connectBox(t.app.mqttPort, box);
    await send(client, box.boxId, 'hello', hello([{ index: 1, type: 'generic-plc' }]));
    await client.endAsync();

    const list = body(await t.app.inject({ method: 'GET', url: '/api/v2/box-reg-info?boxId=8001', headers: bearer(root) }))
      .data as BoxRegPage;
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      boxId: 8001,
      owner: 'demo_manager',
      ...fields,
      registeredBy: 'demo_limited_admin',
      devices: 1,
      ip: '127.0.0.1',
    });
    const byCompany = body(
      await t.app.inject({ method: 'GET', url: '/api/v2/box-reg-info?companyName=Acme&page_size=2', headers: bearer(root) }),
    ).data as BoxRegPage;
    expect(byCompany.total).toBe(3);
    expect(byCompany.items).toHaveLength(2);
    // In any case; a wildcard typed is only itself.
    const total = async (query: string) =>
      (body(await t.app.inject({ method: 'GET', url: `/api/v2/box-reg-info?${query}`, headers: bearer(root) })).data as BoxRegPage).total;
    expect(await total('companyName=acme%20AIR')).toBe(3);
    expect(await total('companyName=%25')).toBe(0);
    expect(await total('companyName=Acme_Air')).toBe(0);
    expect(await total('username=demo%25')).toBe(0);
    const links = body(await t.app.inject({ method: 'GET', url: '/api/v2/box-reg-info/8001/links', headers: bearer(root) }))
      .data as BoxLinkRow[];
    expect(links).toMatchObject([
      { controller: 1, sharee: 'demo_manager', type: 'owner', permission: 'full', showValue: true, owners: 'demo_manager' },
    ]);
    const log = body(await t.app.inject({ method: 'GET', url: '/api/v2/datalog/operation-log?action=box.register', headers: bearer(root) }))
      .data as { items: Array<{ target: string; username: string }> };
    expect(log.items[0]).toMatchObject({ target: '8001-8003', username: 'demo_limited_admin' });
  });

  it('refuses a range that overlaps registered boxes, naming them (409)', async () => {
    await register(root, { startBoxId: 8101, endBoxId: 8102, userId: managerId, boxType: 'DTU' });
    const res = await register(root, { startBoxId: 8100, endBoxId: 8105, userId: managerId, boxType: 'DTU' });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toEqual({ code: 40901, message: 'These box ids are already registered: 8101, 8102', data: { boxIds: [8101, 8102] } });
    const zh = await register(root, { startBoxId: 8100, endBoxId: 8105, userId: managerId, boxType: 'DTU' }, 'zh');
    expect(body(zh).message).toBe('以下盒子ID已注册：8101, 8102');
    expect(await t.app.db.selectFrom('boxes').select('box_id').where('box_id', '=', 8100).executeTakeFirst()).toBeUndefined();
  });

  it("stores the boxes' CK code, shows it in the list, and none when left empty", async () => {
    expect((await register(root, { startBoxId: 8301, endBoxId: 8302, userId: managerId, boxType: 'DTU', ck: '1333' })).statusCode).toBe(
      200,
    );
    expect((await register(root, { startBoxId: 8303, endBoxId: 8303, userId: managerId, boxType: 'DTU', ck: '' })).statusCode).toBe(200);
    const rows = await t.app.db
      .selectFrom('boxes')
      .select(['box_id', 'ck'])
      .where('box_id', '>=', 8301)
      .where('box_id', '<=', 8303)
      .orderBy('box_id')
      .execute();
    expect(rows).toEqual([
      { box_id: 8301, ck: '1333' },
      { box_id: 8302, ck: '1333' },
      { box_id: 8303, ck: null },
    ]);
    const list = body(await t.app.inject({ method: 'GET', url: '/api/v2/box-reg-info?boxId=8301', headers: bearer(root) })).data as {
      items: Array<{ boxId: number; ck: string | null }>;
    };
    expect(list.items.map((i) => [i.boxId, i.ck])).toEqual([[8301, '1333']]);
  });

  it('offers the known box types and every type registered, A to Z', async () => {
    const res = await register(root, { startBoxId: 8201, endBoxId: 8201, userId: managerId, boxType: 'ZX-Custom' });
    expect(res.statusCode).toBe(200);
    const types = body(await t.app.inject({ method: 'GET', url: '/api/v2/box-reg-info/box-types', headers: bearer(limited) }))
      .data as string[];
    expect(types).toEqual(expect.arrayContaining(['DTU-4G', 'GW-4G', 'ZX-Custom']));
    expect(types).toEqual([...new Set(types)].sort((a, b) => a.localeCompare(b, 'en')));
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/box-reg-info/box-types', headers: bearer(manager) })).statusCode).toBe(403);
  });

  it('validates with exact messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ startBoxId: 10, endBoxId: 9, userId: managerId, boxType: 'DTU' }, 'The end box id must not be less than the start box id'],
      [{ startBoxId: 1, endBoxId: 1001, userId: managerId, boxType: 'DTU' }, 'One registration may cover at most 1000 boxes'],
      [{ startBoxId: 0, endBoxId: 1, userId: managerId, boxType: 'DTU' }, 'Please fill in startBoxId with a positive integer'],
      [{ startBoxId: 'x', endBoxId: 1, userId: managerId, boxType: 'DTU' }, 'Please fill in startBoxId with a positive integer'],
      [{ startBoxId: 1, endBoxId: 3_000_000_000, userId: managerId, boxType: 'DTU' }, 'A box id must be at most 2147483647'],
      [{ startBoxId: 1, endBoxId: 1, userId: managerId, boxType: '' }, 'Please fill in boxType'],
      [{ startBoxId: 1, endBoxId: 1, userId: managerId, boxType: 'DTU', pushFault: 11 }, 'Push times must be between 0 and 10'],
      [{ startBoxId: 1, endBoxId: 1, userId: 999_999, boxType: 'DTU' }, 'No such user.'],
      [{ startBoxId: 1, endBoxId: 1, userId: managerId, boxType: 'DTU', ck: '13a3' }, 'CK code must be four digits!'],
      [{ startBoxId: 1, endBoxId: 1, userId: managerId, boxType: 'DTU', ck: '13333' }, 'CK code must be four digits!'],
    ];
    for (const [payload, expected] of cases) {
      const res = await register(root, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res), JSON.stringify(payload)).toMatchObject({ code: 40001, message: expected });
    }
    // One message per problem: an id over the limit is not also judged as a range (too many, or the end before it).
    for (const [startBoxId, endBoxId, field] of [
      [2_147_483_648, 5, 'startBoxId'],
      [7_000_001, 2_147_483_648, 'endBoxId'],
    ] as const) {
      const res = await register(root, { startBoxId, endBoxId, userId: managerId, boxType: 'DTU' });
      expect(body(res)).toMatchObject({ code: 40001, message: 'A box id must be at most 2147483647' });
      expect((body(res).data as { issues: Array<{ path: string }> }).issues.map((i) => i.path)).toEqual([field]);
    }
    const es = await register(root, { startBoxId: 10, endBoxId: 9, userId: managerId, boxType: 'DTU' }, 'es');
    expect(body(es).message).toBe('El id de caja final no puede ser menor que el inicial');
  });

  it('is for root and limited_admin only (403), and signed-in users only (401)', async () => {
    for (const [method, url] of [
      ['GET', '/api/v2/box-reg-info'],
      ['POST', '/api/v2/box-reg-info'],
      ['GET', '/api/v2/box-reg-info/users'],
      ['GET', '/api/v2/box-reg-info/8001/links'],
      ['GET', '/api/v2/box-reg-info/credentials/x'],
    ] as const) {
      const denied = await t.app.inject({ method, url, headers: bearer(manager), ...(method === 'POST' ? { payload: {} } : {}) });
      expect(denied.statusCode, url).toBe(403);
      expect(body(denied).code).toBe(40300);
      const anonymous = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(anonymous.statusCode, url).toBe(401);
    }
  });
});

describe('box credentials behind NAT', () => {
  it('announce MQTT_PUBLIC_HOST and MQTT_PUBLIC_PORT instead of the request host and the broker port', async () => {
    const t = await buildTestApp('sqlite', { MQTT_PUBLIC_HOST: 'mqtt.example.net', MQTT_PUBLIC_PORT: '18830' });
    try {
      const root = await login(t.app, 'demo_root');
      const users = body(await t.app.inject({ method: 'GET', url: '/api/v2/box-reg-info/users?q=demo_man', headers: bearer(root) }))
        .data as Array<{ id: number; username: string }>;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/box-reg-info',
        headers: { ...bearer(root), host: '10.0.0.5:8080', 'accept-language': 'zh' },
        payload: { startBoxId: 8101, endBoxId: 8101, userId: users[0]?.id ?? 0, boxType: 'DTU-4G' },
      });
      expect(res.statusCode).toBe(200);
      const result = body(res).data as BoxRegistrationResult;
      expect(result.broker).toEqual({ host: 'mqtt.example.net', port: 18830, mqttVersion: '3.1.1', protocolVersion: 1 });
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/v2/box-reg-info/credentials/${result.download.token}`,
        headers: bearer(root),
      });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const ws = workbook.worksheets[0];
      expect((ws?.getRow(1).values as unknown[]).slice(5)).toEqual(['服务器地址', '服务器端口', 'MQTT版本', '协议版本']);
      expect((ws?.getRow(2).values as unknown[]).slice(5)).toEqual(['mqtt.example.net', 18830, '3.1.1', 1]);
    } finally {
      await t.close();
    }
  });

  it('refuses a public host that is not a bare host name', async () => {
    await expect(buildTestApp('sqlite', { MQTT_PUBLIC_HOST: 'mqtt://x:1883' })).rejects.toThrow(/MQTT_PUBLIC_HOST/);
  });
});
