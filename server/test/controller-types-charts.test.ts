import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceDetail, TypeChartsPage, TypeChartsRow } from '@dms/contract';
import { connectBox, eventually, hello, registerBoxes, send } from './boxes.js';
import { bearer, body, buildTestApp, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

/** docs/api.md "Controller types": which charts each type's devices show (/device-type/chart). */
describe.each(dialects)('the charts of a type on %s', (dialect) => {
  let t: TestApp;
  let root = '';
  const call = (token: string | null, method: 'GET' | 'PUT', path: string, payload?: Record<string, unknown>, lang = 'en') =>
    t.app.inject({
      method,
      url: `/api/v2${path}`,
      headers: { ...(token ? bearer(token) : {}), 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });
  const rows = async () => (body(await call(root, 'GET', '/controller-types/charts?page_size=100')).data as TypeChartsPage).items;
  const byCode = async (code: string) => (await rows()).find((r) => r.code === code) as TypeChartsRow;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    root = await login(t.app, 'demo_root');
  });
  afterAll(async () => t.close());

  it("lists every type with its kind's charts, a maglev blower's four, and its devices", async () => {
    expect(await byCode('maglev-blower')).toMatchObject({
      kind: 'maglev',
      charts: ['history-curves', 'kline', 'maglev-charts', 'maglev-region'],
    });
    expect(await byCode('screw-compressor')).toMatchObject({ kind: 'compressor', charts: ['history-curves', 'kline'], devices: 0 });
  });

  it("pages, searches and filters as the type list does, with each type's charts", async () => {
    const page = async (query: string) => body(await call(root, 'GET', `/controller-types/charts?${query}`)).data as TypeChartsPage;
    const maglev = await page('kind=maglev');
    expect(maglev.items.map((r) => r.code)).toEqual(['maglev-blower']);
    expect(maglev.items[0]?.charts).toContain('maglev-region');
    expect((await page('q=SCREW')).items.map((r) => r.code)).toEqual(['screw-compressor']);
    const first = await page('page=1&page_size=1&sort=code&order=desc');
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(first.items).toHaveLength(1);
    expect(first.items[0]?.code).toBe('screw-compressor');
    const bad = await call(root, 'GET', '/controller-types/charts?kind=boiler');
    expect(bad.statusCode).toBe(400);
  });

  it("saves a type's charts, logged with the old and new; its devices' pages follow at once", async () => {
    const [box] = await registerBoxes(t.app, 6501, 6501, 'demo_manager');
    if (!box) throw new Error('no box');
    const client = await connectBox(t.app.mqttPort, box);
    try {
      await send(client, box.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
      await eventually(() => {
        expect(t.app.ingest.deviceAt(box.boxId, 1)?.type).toBeTruthy();
      });
      const screw = await byCode('screw-compressor');
      const detail = async () =>
        body(await call(await login(t.app, 'demo_manager'), 'GET', `/devices/${box.boxId}/1`)).data as DeviceDetail;
      expect((await detail()).charts).toEqual(['history-curves', 'kline']);

      // Sent twice and out of order, kept once each in their order.
      const saved = await call(root, 'PUT', `/controller-types/${screw.id}/charts`, { charts: ['kline', 'history-curves', 'kline'] });
      expect(body(saved)).toEqual({ code: 20000, message: 'ok', data: { charts: ['history-curves', 'kline'], definitions: [] } });
      expect(body(await call(root, 'PUT', `/controller-types/${screw.id}/charts`, { charts: ['history-curves'] })).data).toEqual({
        charts: ['history-curves'],
        definitions: [],
      });
      expect((await detail()).charts).toEqual(['history-curves']);
      expect((await byCode('screw-compressor')).devices).toBe(1);
      const log = await t.app.db
        .selectFrom('operation_log')
        .select(['target', 'old_value', 'new_value'])
        .where('action', '=', 'type.charts')
        .orderBy('id')
        .execute();
      expect(log.at(-1)).toEqual({ target: 'screw-compressor', old_value: 'history-curves, kline', new_value: 'history-curves' });
    } finally {
      await client.endAsync(true);
    }
  });

  it('refuses the maglev charts on another kind, an unknown chart, a signed-out caller and anyone but root, with their messages', async () => {
    const plc = await byCode('generic-plc');
    const maglev = await call(root, 'PUT', `/controller-types/${plc.id}/charts`, { charts: ['kline', 'maglev-region'] });
    expect(maglev.statusCode).toBe(400);
    expect(body(maglev)).toMatchObject({ code: 40001, message: 'The maglev charts are for maglev blower types only.' });
    const zh = await call(root, 'PUT', `/controller-types/${plc.id}/charts`, { charts: ['maglev-charts'] }, 'zh');
    expect(body(zh).message).toBe('磁悬浮图表仅适用于磁悬浮鼓风机类型。');
    const unknown = await call(root, 'PUT', `/controller-types/${plc.id}/charts`, { charts: ['gauge'] });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).message).toBe('Unknown chart kind.');
    expect((await byCode('generic-plc')).charts).toEqual(['history-curves', 'kline']);
    expect((await call(root, 'PUT', '/controller-types/999999/charts', { charts: [] })).statusCode).toBe(404);
    expect((await call(null, 'GET', '/controller-types/charts')).statusCode).toBe(401);
    const manager = await login(t.app, 'demo_manager');
    expect((await call(manager, 'GET', '/controller-types/charts')).statusCode).toBe(403);
    const refused = await call(manager, 'PUT', `/controller-types/${plc.id}/charts`, { charts: [] });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).code).toBe(40300);
  });
});
