import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type IpChangeRow } from '@dms/contract';
import { exportedSheet, sheetRows } from './export-file.js';
import { apiAs, buildTestApp, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();
/** The log's rows of this test, by boxes of its own (the IP log is written by ingest; here straight into the table). */
const BOX = 8_741_000;
const T0 = Date.UTC(2026, 10, 20, 8, 0, 0);
const MIN = 60_000;
const CHANGES = [
  { box_id: BOX, source_ip: '10.1.0.5', destination_ip: '10.1.0.6', time: T0 },
  { box_id: BOX, source_ip: '10.1.0.6', destination_ip: '172.16.4.2', time: T0 + 10 * MIN },
  { box_id: BOX + 1, source_ip: '192.168.9.1', destination_ip: '10.1.0.77', time: T0 + 20 * MIN },
  { box_id: BOX + 1, source_ip: '10.1.0.77', destination_ip: 'fd00::17', time: T0 + 30 * MIN },
];
const FORBIDDEN = 'You do not have permission to do this.';

describe.each(dialects)('the IP log (/smartbox/ip-log) on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const api = apiAs(() => t.app, tokens);
  const { ok, refused } = api;
  /** The box ids and destinations of the log's page for a query, newest first (this test's boxes only). */
  const log = async (query: string) => {
    const page = await ok<{ total: number; items: IpChangeRow[] }>('demo_root', 'GET', `/boxes/ip-log?page_size=50&${query}`);
    const mine = page.items.filter((r) => r.boxId === BOX || r.boxId === BOX + 1);
    return { total: page.total, rows: mine.map((r) => `${r.boxId} ${r.destinationIp}`) };
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await t.app.db.insertInto('box_ip_log').values(CHANGES).execute();
    for (const u of ['demo_root', 'demo_limited_admin', 'demo_manager']) tokens[u] = await login(t.app, u);
  });
  afterAll(async () => {
    await t.close();
  });

  it('filters by box, by part of either IP and by when, newest first', async () => {
    expect(await log(`boxId=${BOX}`)).toEqual({ total: 2, rows: [`${BOX} 172.16.4.2`, `${BOX} 10.1.0.6`] });
    // Part of an IP, on either side of the change.
    expect((await log('ip=10.1.0.7')).rows).toEqual([`${BOX + 1} fd00::17`, `${BOX + 1} 10.1.0.77`]);
    expect((await log('ip=fd00:')).rows).toEqual([`${BOX + 1} fd00::17`]);
    // [from, to): the end is left out.
    expect(await log(`from=${T0 + 10 * MIN}&to=${T0 + 30 * MIN}`)).toEqual({
      total: 2,
      rows: [`${BOX + 1} 10.1.0.77`, `${BOX} 172.16.4.2`],
    });
    expect(await log(`boxId=${BOX}&ip=192.168&from=${T0}`)).toEqual({ total: 0, rows: [] });
  });

  it('refuses a bad filter with its message, and anyone but root', async () => {
    const invalid = (query: string, message: string, lang = 'en') =>
      refused('demo_root', 'GET', `/boxes/ip-log?${query}`, undefined, { status: 400, code: Code.VALIDATION_FAILED, message }, lang);
    await invalid(`from=${T0}&to=${T0}`, 'The end of the time range must be after its start');
    await invalid('ip=10.%25', 'An IP is searched by its digits, dots and colons.');
    await invalid('ip=10_1', 'IP 只能按数字、点和冒号搜索。', 'zh');
    await refused('demo_limited_admin', 'GET', '/boxes/ip-log', undefined, { status: 403, code: Code.FORBIDDEN, message: FORBIDDEN });
    await refused(null, 'GET', '/boxes/ip-log', undefined, { status: 401, code: Code.TOKEN_ILLEGAL });
  });

  it('exports the filtered log to .xlsx (kind ip-log), times in the zone asked for; root only', async () => {
    const { job, sheet, disposition } = await exportedSheet(api, 'demo_root', {
      kind: 'ip-log',
      filter: { ip: '10.1.0.', from: T0 + MIN },
      tz: 'Asia/Shanghai',
    });
    expect(job.total).toBe(3);
    expect(disposition).toContain('ip-log');
    expect(sheet.name).toBe('IP changes');
    const rows = sheetRows(sheet, 4);
    expect(rows[0]).toEqual(['Box ID', 'Source IP', 'Destination IP', 'Time (Asia/Shanghai)']);
    // Newest first; the time a date cell holding Shanghai's wall clock (UTC+8).
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2]])).toEqual([
      [String(BOX + 1), '10.1.0.77', 'fd00::17'],
      [String(BOX + 1), '192.168.9.1', '10.1.0.77'],
      [String(BOX), '10.1.0.6', '172.16.4.2'],
    ]);
    expect((rows[3]?.[3] as Date).toISOString()).toBe(new Date(T0 + 10 * MIN + 8 * 3_600_000).toISOString());

    await refused(
      'demo_manager',
      'POST',
      '/exports',
      { kind: 'ip-log', filter: {}, tz: 'UTC' },
      { status: 403, code: Code.FORBIDDEN, message: FORBIDDEN },
    );
    await refused(
      'demo_root',
      'POST',
      '/exports',
      { kind: 'ip-log', filter: { from: T0, to: T0 - 1 }, tz: 'UTC' },
      { status: 400, code: Code.VALIDATION_FAILED, message: 'The end of the time range must be after its start' },
    );
  });
});
