import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type BoxAddressPage, type BoxAddressRow, type BoxCredentials } from '@dms/contract';
import { connectBox, eventually, hello, registerBoxes, send } from './boxes.js';
import { exportedSheet, sheetRows } from './export-file.js';
import { apiAs, buildTestApp, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();
const FIRST = 8_742_000;
const FORBIDDEN = 'You do not have permission to do this.';

/**
 * /smartbox/box-address: a box is told its server address with its credentials (the console's host and the broker's
 * port), says in its hello which address it dialed, and the list compares the two.
 */
describe.each(dialects)('box server addresses on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const api = apiAs(() => t.app, tokens);
  const { ok, refused } = api;
  const clients: MqttClient[] = [];
  let boxes: BoxCredentials[] = [];
  const box = (i: number) => boxes[i] as BoxCredentials;

  const page = (query = '') => ok<BoxAddressPage>('demo_root', 'GET', `/smartbox/box-addresses?page_size=100&${query}`);
  const row = async (boxId: number): Promise<BoxAddressRow> => {
    const found = (await page(`boxId=${boxId}`)).items[0];
    if (!found) throw new Error(`box ${boxId} is not listed`);
    return found;
  };
  /** Box `i` connects and says hello; `server` is what it says it dialed (left out when undefined). */
  const sayHello = async (i: number, server?: unknown) => {
    const b = box(i);
    const client = await connectBox(t.app.mqttPort, b);
    clients.push(client);
    await send(client, b.boxId, 'hello', {
      ...hello([{ index: 1, type: 'screw-compressor' }]),
      ...(server === undefined ? {} : { server }),
    });
    return client;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    boxes = await registerBoxes(t.app, FIRST, FIRST + 3);
    for (const u of ['demo_root', 'demo_limited_admin']) tokens[u] = await login(t.app, u);
  });
  afterAll(async () => {
    for (const c of clients) await c.endAsync(true).catch(() => undefined);
    await t.close();
  });

  it('keeps the address each box was told at its registration, and compares it with the one it dialed', async () => {
    const told = `localhost:${t.app.mqttPort}`;
    const registered = await row(box(3).boxId);
    expect(registered).toMatchObject({ told, dialed: null, ip: null, online: false, state: 'unknown', boxType: 'DTU-4G' });
    expect(registered.toldAt).toBeGreaterThan(0);

    // Said in another case: the same address.
    await sayHello(0, `LOCALHOST:${t.app.mqttPort}`);
    await sayHello(1, '10.9.9.9:1883');
    await sayHello(2);
    await eventually(async () => {
      expect(await row(box(0).boxId)).toMatchObject({ told, dialed: told, ip: '127.0.0.1', online: true, state: 'match' });
      expect(await row(box(1).boxId)).toMatchObject({ told, dialed: '10.9.9.9:1883', online: true, state: 'mismatch' });
      expect(await row(box(2).boxId)).toMatchObject({ told, dialed: null, online: true, state: 'unknown' });
    });
    expect((await row(box(1).boxId)).dialedAt).toBeGreaterThan(0);
  });

  it('filters by state and by box, and counts the fleet in each state', async () => {
    const mine = (p: BoxAddressPage) => p.items.filter((r) => r.boxId >= FIRST && r.boxId <= FIRST + 3).map((r) => r.boxId);
    const all = await page();
    expect(mine(all)).toEqual([FIRST, FIRST + 1, FIRST + 2, FIRST + 3]);
    expect(all.counts.match + all.counts.mismatch + all.counts.unknown).toBe(all.total);
    const mismatched = await page('state=mismatch');
    expect(mine(mismatched)).toEqual([FIRST + 1]);
    expect(mismatched.total).toBe(all.counts.mismatch);
    expect(mismatched.items.every((r) => r.state === 'mismatch')).toBe(true);
    expect(mine(await page('state=match'))).toEqual([FIRST]);
    expect(mine(await page('state=unknown'))).toEqual([FIRST + 2, FIRST + 3]);
    expect((await page(`boxId=${FIRST + 1}&state=match`)).total).toBe(0);
  });

  it('drops a hello whose server is not a host:port, counted, and keeps what the box said before', async () => {
    const before = t.app.ingest.stats.snapshot().drops['bad-shape'];
    const b = box(1);
    const client = clients[1] as MqttClient;
    for (const bad of ['10.9.9.9', 'mqtt://10.9.9.9:1883', '10.9.9.9:0', '10.9.9.9:70000', 42, `${'a'.repeat(300)}:1883`])
      await send(client, b.boxId, 'hello', { ...hello([{ index: 1, type: 'screw-compressor' }]), server: bad });
    await t.app.ingest.drain();
    expect(t.app.ingest.stats.snapshot().drops['bad-shape'] - before).toBe(6);
    expect(await row(b.boxId)).toMatchObject({ dialed: '10.9.9.9:1883', state: 'mismatch' });
    // An IPv6 address, in brackets.
    await send(client, b.boxId, 'hello', { ...hello([{ index: 1, type: 'screw-compressor' }]), server: '[FD00::1]:8883' });
    await eventually(async () => {
      expect(await row(b.boxId)).toMatchObject({ dialed: '[fd00::1]:8883', state: 'mismatch' });
    });
  });

  it('exports the filtered list to .xlsx (kind box-addresses), states in the language asked for; root only', async () => {
    const { sheet: ws } = await exportedSheet(api, 'demo_root', { kind: 'box-addresses', filter: { state: 'mismatch' }, tz: 'UTC' }, 'zh');
    expect(ws.name).toBe('盒子地址');
    const rows = sheetRows(ws, 11);
    expect(rows[0]).toEqual([
      '盒子ID',
      '公司',
      '盒子型号',
      '地址',
      '下发地址',
      '下发时间 (UTC)',
      '实际连接地址',
      '报告时间 (UTC)',
      '来源 IP',
      '连接',
      '最后在线 (UTC)',
    ]);
    const mine = rows.slice(1).filter((r) => r[0] === String(box(1).boxId));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.slice(0, 5)).toEqual([String(box(1).boxId), 'Test Co', 'DTU-4G', '不一致', `localhost:${t.app.mqttPort}`]);
    expect(mine[0]?.[6]).toBe('[fd00::1]:8883');
    expect(mine[0]?.[9]).toBe('在线');
    expect(mine[0]?.[5]).toBeInstanceOf(Date);
    // Only the mismatches: as many rows as the list counts.
    expect(ws.rowCount - 1).toBe((await page('state=mismatch')).total);
    await refused(
      'demo_limited_admin',
      'POST',
      '/exports',
      { kind: 'box-addresses', filter: {}, tz: 'UTC' },
      { status: 403, code: Code.FORBIDDEN, message: FORBIDDEN },
    );
  });

  it('refuses a bad filter with its message, and anyone but root', async () => {
    await refused('demo_root', 'GET', '/smartbox/box-addresses?state=lost', undefined, {
      status: 400,
      code: Code.VALIDATION_FAILED,
      message: 'Invalid value for state',
    });
    await refused('demo_limited_admin', 'GET', '/smartbox/box-addresses', undefined, {
      status: 403,
      code: Code.FORBIDDEN,
      message: FORBIDDEN,
    });
    await refused(null, 'GET', '/smartbox/box-addresses', undefined, { status: 401, code: Code.TOKEN_ILLEGAL });
  });
});
