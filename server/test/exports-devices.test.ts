import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportJob } from '@dms/contract';
import { eventually, registerBoxes } from './boxes.js';
import { repairReach } from '../src/access/reach.js';
import { bearer, body, buildTestApp, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

describe.each(dialects)('device list export on %s', (dialect) => {
  let t: TestApp;
  let manager: string;
  let endUser: string;
  const start = (token: string | null, payload: unknown, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/exports',
      headers: { ...(token ? bearer(token) : {}), 'accept-language': lang },
      payload: payload as Record<string, unknown>,
    });
  const ready = (token: string, id: string) =>
    eventually(async () => {
      const job = body(await t.app.inject({ method: 'GET', url: `/api/v2/exports/${id}`, headers: bearer(token) })).data as ExportJob;
      expect(job.state).toBe('ready');
      return job;
    });
  async function worksheet(buffer: Buffer): Promise<ExcelJS.Worksheet> {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    if (!ws) throw new Error('no sheet');
    return ws;
  }
  async function sheetOf(buffer: Buffer): Promise<Array<Array<string | number | Date | null>>> {
    const ws = await worksheet(buffer);
    const rows: Array<Array<string | number | Date | null>> = [];
    ws.eachRow((row) => rows.push((row.values as Array<string | number | Date | null>).slice(1)));
    return rows;
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await registerBoxes(t.app, 7201, 7203);
    const users = await t.app.db.selectFrom('users').select(['id', 'username']).execute();
    const owner = users.find((u) => u.username === 'demo_manager')?.id ?? 0;
    const rows = [
      {
        box_id: 7201,
        controller: 1,
        company: 'Acme Air',
        station_no: 'ST-1',
        model: 'SC-75',
        status: 'online',
        province: 'Jiangsu',
        city: 'Suzhou',
        install_date: '2024-01-02',
        last_seen: Date.UTC(2026, 10, 20, 8, 30, 0),
      },
      {
        box_id: 7202,
        controller: 1,
        company: 'Acme Industrial',
        station_no: 'ST-2',
        model: 'SC-90',
        status: 'online_fault',
        province: 'Zhejiang',
        city: 'Hangzhou',
        install_date: null,
        last_seen: null,
      },
      {
        box_id: 7203,
        controller: 1,
        company: 'Beta Works',
        station_no: 'ST-3',
        model: 'MB-200',
        status: 'offline',
        province: '',
        city: '',
        install_date: null,
        last_seen: null,
      },
    ];
    for (const r of rows) {
      await t.app.db
        .insertInto('devices')
        .values({
          ...r,
          type_id: null,
          type_code: 'screw-compressor',
          owner_id: owner,
          online: r.status.startsWith('online') ? 1 : 0,
          fault: r.status.endsWith('fault') ? 1 : 0,
          alert: 0,
          created_at: t.clock.now,
        })
        .execute();
    }
    await repairReach(t.app.db);
    [manager, endUser] = (await Promise.all(['demo_manager', 'demo_end_user'].map((u) => login(t.app, u)))) as [string, string];
  });
  afterAll(async () => {
    await t.close();
  });

  it('exports the filtered, sorted list with translated headers and statuses, once, to its owner only', async () => {
    const res = await start(manager, { kind: 'devices', filter: { q: 'acme', sort: 'company', order: 'desc' } }, 'zh');
    expect(res.statusCode).toBe(200);
    const job = body(res).data as ExportJob;
    expect(job).toMatchObject({ kind: 'devices', total: 2 });
    // Another user cannot see or take the job.
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/exports/${job.id}`, headers: bearer(endUser) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/exports/${job.id}/file`, headers: bearer(endUser) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/exports/${job.id}` })).statusCode).toBe(401);
    const done = await ready(manager, job.id);
    expect(done).toMatchObject({ done: 2, total: 2 });
    expect(done.fileName).toMatch(/^devices-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = await t.app.inject({ method: 'GET', url: `/api/v2/exports/${job.id}/file`, headers: bearer(manager) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(done.fileName);
    const rows = await sheetOf(file.rawPayload);
    expect(rows[0]?.slice(0, 7)).toEqual(['盒子ID', '控制器', '状态', '所属公司', '站号/设备编号', '型号', '控制器类型']);
    expect(rows[0]?.at(-1)).toBe('最后通信 (UTC)');
    // How the user reaches each device, beside its owner (issue 12).
    const access = rows[0]?.indexOf('访问方式') ?? -1;
    expect(access).toBe((rows[0]?.length ?? 0) - 2);
    expect(rows.slice(1).map((r) => r[access])).toEqual(['所有者', '所有者']);
    expect(rows.slice(1).map((r) => [r[0], r[2], r[3], r[4]])).toEqual([
      [7202, '在线故障', 'Acme Industrial', 'ST-2'],
      [7201, '在线', 'Acme Air', 'ST-1'],
    ]);
    // True date cells: the time in the zone asked for (UTC by default), a calendar date as a date.
    expect(rows[2]?.at(-1)).toEqual(new Date(Date.UTC(2026, 10, 20, 8, 30, 0)));
    expect(rows[2]?.[11]).toEqual(new Date(Date.UTC(2024, 0, 2)));
    expect(rows[2]?.[13]).toBe('Jiangsu');
    // Downloaded once: the job is gone.
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/exports/${job.id}/file`, headers: bearer(manager) })).statusCode).toBe(404);
  });

  it('exports only what the user sees, in the request language', async () => {
    const mine = body(await start(endUser, { kind: 'devices', filter: {} })).data as ExportJob;
    expect(mine.total).toBe(0);
    const all = body(await start(manager, { kind: 'devices', filter: { status: 'online' } }, 'es')).data as ExportJob;
    await ready(manager, all.id);
    const rows = await sheetOf(
      (await t.app.inject({ method: 'GET', url: `/api/v2/exports/${all.id}/file`, headers: bearer(manager) })).rawPayload,
    );
    expect(rows.map((r) => [r[0], r[2]])).toEqual([
      ['ID de caja', 'Estado'],
      [7201, 'En línea'],
    ]);
  });

  it("writes times as date cells in the user's zone, named in the header, under a frozen header sized to its content", async () => {
    const job = body(await start(manager, { kind: 'devices', filter: { q: 'acme air' }, tz: 'Asia/Shanghai' })).data as ExportJob;
    await ready(manager, job.id);
    const ws = await worksheet(
      (await t.app.inject({ method: 'GET', url: `/api/v2/exports/${job.id}/file`, headers: bearer(manager) })).rawPayload,
    );
    const last = ws.columnCount;
    expect(ws.getRow(1).getCell(last).value).toBe('Last seen (Asia/Shanghai)');
    // 08:30 UTC is 16:30 in Shanghai: Excel's dates have no zone, so the cell holds the wall clock there.
    const seen = ws.getRow(2).getCell(last);
    expect(seen.value).toEqual(new Date(Date.UTC(2026, 10, 20, 16, 30, 0)));
    expect(seen.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(ws.getRow(2).getCell(12).numFmt).toBe('yyyy-mm-dd');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    // Sized to the content: the time column fits its 19 characters, the long header its text; short columns stay narrow.
    expect(ws.getColumn(last).width).toBeGreaterThanOrEqual('Last seen (Asia/Shanghai)'.length);
    expect(ws.getColumn(1).width).toBeLessThan(ws.getColumn(last).width ?? 0);
    expect(ws.getColumn(4).width).toBeGreaterThanOrEqual('Acme Air'.length);
  });

  it('refuses a time zone it does not know', async () => {
    const bad = await start(manager, { kind: 'devices', filter: {}, tz: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({ code: 40001, message: 'tz must be a time zone such as Asia/Shanghai or UTC' });
  });

  it('refuses a bad filter with its message and anyone not signed in', async () => {
    const bad = await start(manager, { kind: 'devices', filter: { q: 'x'.repeat(65) } });
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({ code: 40001, message: 'filter.q is too long' });
    expect(body(await start(manager, { kind: 'devices', filter: { sort: 'colour' } })).code).toBe(40001);
    expect((await start(null, { kind: 'devices', filter: {} })).statusCode).toBe(401);
  });
});
