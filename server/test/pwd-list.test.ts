import { type Calculated, Code, type PwdRecordPage } from '@dms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBoxes } from './boxes.js';
import { exportedSheet, sheetRows } from './export-file.js';
import { apiAs, buildTestApp, insertOnlineDevice, login, testDialects, userIds, type TestApp } from './helper.js';

const dialects = await testDialects();
const URL = '/qrManage/pwd-list';
const BOX = 9501;

/**
 * The calculations list (/qrManage/pwd-list; issue 24), on each database: a user sees their own calculations and those
 * of everyone below them (root everyone's), newest first, filtered by user, box, mode and time, with each user's count
 * per mode; the same rows export to .xlsx (kind pwd-records) in the caller's language.
 */
describe.each(dialects)('the dynamic password list (%s)', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const api = apiAs(() => t.app, tokens);
  const { ok, refused } = api;
  let uid: (username: string) => number;
  let device = 0;
  let n = 0;
  const calculate = async (user: string, mode: string, challenge: string) => {
    t.clock.now += 1000;
    return ok<Calculated>(user, 'POST', '/qrManage/calculate-dynamic-pwd', {
      deviceId: device,
      challenge,
      mode,
      requestId: `list-test-${++n}`,
    });
  };
  const usernames = (page: PwdRecordPage) => page.items.map((r) => r.username);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    uid = await userIds(t);
    await registerBoxes(t.app, BOX, BOX);
    await t.app.db.updateTable('boxes').set({ ck: '1333' }).where('box_id', '=', BOX).execute();
    device = await insertOnlineDevice(t, BOX, 1, uid('demo_manufacturer'));
    for (const u of ['demo_root', 'demo_limited_admin', 'demo_manufacturer', 'demo_district_dist', 'demo_regional_dist']) {
      tokens[u] = await login(t.app, u);
    }
    await calculate('demo_root', 'unlock-1d', '000100');
    await calculate('demo_manufacturer', 'unlock-7d', '000200');
    await calculate('demo_root', 'permanent', '000300');
    // A calculation of demo_regional_dist (below demo_district_dist, below demo_manufacturer), recorded as the
    // calculation writes it (a regional distributor does not calculate, spec 6; a manufacturer below one could).
    t.clock.now += 1000;
    await t.app.db
      .insertInto('pwd_records')
      .values({
        created_at: t.clock.now,
        user_id: uid('demo_regional_dist'),
        request_id: 'list-test-regional',
        device_id: device,
        box_id: BOX,
        ck: '1333',
        serial: `${BOX}-1`,
        challenge: 400,
        mode: 'unlock-30d',
        day: 0,
        remaining: 7,
      })
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows each user their own calculations and those below them, newest first, with counts per user and mode', async () => {
    const root = await ok<PwdRecordPage>('demo_root', 'GET', URL);
    expect(usernames(root)).toEqual(['demo_regional_dist', 'demo_root', 'demo_manufacturer', 'demo_root']);
    expect(root.items[0]).toEqual({
      id: expect.any(Number) as number,
      calculatedAt: t.clock.now,
      userId: uid('demo_regional_dist'),
      username: 'demo_regional_dist',
      boxId: BOX,
      serial: `${BOX}-1`,
      challenge: '000400',
      mode: 'unlock-30d',
      remaining: 7,
    });
    expect(root.totals).toEqual([
      { userId: uid('demo_manufacturer'), username: 'demo_manufacturer', mode: 'unlock-7d', count: 1 },
      { userId: uid('demo_regional_dist'), username: 'demo_regional_dist', mode: 'unlock-30d', count: 1 },
      { userId: uid('demo_root'), username: 'demo_root', mode: 'permanent', count: 1 },
      { userId: uid('demo_root'), username: 'demo_root', mode: 'unlock-1d', count: 1 },
    ]);
    const factory = await ok<PwdRecordPage>('demo_manufacturer', 'GET', URL);
    expect(factory.total).toBe(2);
    expect(usernames(factory)).toEqual(['demo_regional_dist', 'demo_manufacturer']);
    expect(usernames(await ok<PwdRecordPage>('demo_district_dist', 'GET', URL))).toEqual(['demo_regional_dist']);
    expect(usernames(await ok<PwdRecordPage>('demo_regional_dist', 'GET', URL))).toEqual(['demo_regional_dist']);
    // Spec 6: limited_admin does not reach pwd-list.
    await refused('demo_limited_admin', 'GET', URL, undefined, { status: 403, code: Code.FORBIDDEN });
  });

  it('filters by user, box, mode and time, and pages', async () => {
    const page = (q: string) => ok<PwdRecordPage>('demo_root', 'GET', `${URL}?${q}`);
    expect(usernames(await page('mode=permanent'))).toEqual(['demo_root']);
    expect(usernames(await page('q=MANUFACTURER'))).toEqual(['demo_manufacturer']);
    expect((await page(`boxId=${BOX + 1}`)).total).toBe(0);
    const all = await ok<PwdRecordPage>('demo_root', 'GET', URL);
    const second = all.items[2]?.calculatedAt ?? 0;
    expect(usernames(await page(`from=${second}&to=${second + 1}`))).toEqual(['demo_manufacturer']);
    const paged = await page('page=2&page_size=3');
    expect({ total: paged.total, users: usernames(paged), totals: paged.totals.length }).toEqual({
      total: 4,
      users: ['demo_root'],
      totals: 4,
    });
    await refused('demo_root', 'GET', `${URL}?mode=forever`, undefined, {
      status: 400,
      code: Code.VALIDATION_FAILED,
      message: 'Choose what the password does: unlock for 1, 7 or 30 days, or for good.',
    });
  });

  it('exports what the caller sees to .xlsx in their language (kind pwd-records)', async () => {
    const { sheet } = await exportedSheet(api, 'demo_manufacturer', { kind: 'pwd-records', filter: {}, tz: 'UTC' }, 'es');
    expect(sheet.name).toBe('Contraseñas dinámicas');
    const rows = sheetRows(sheet, 7);
    expect(rows[0]).toEqual([
      'Calculada (UTC)',
      'Usuario',
      'ID de caja',
      'N.º de serie del controlador',
      'Desafío',
      'Modo',
      'Cupo restante',
    ]);
    expect(rows.slice(1).map((r) => r.slice(1))).toEqual([
      ['demo_regional_dist', String(BOX), `${BOX}-1`, '000400', 'Desbloquear 30 días', '7'],
      ['demo_manufacturer', String(BOX), `${BOX}-1`, '000200', 'Desbloquear 7 días', 'Sin límite'],
    ]);
    await refused(
      'demo_limited_admin',
      'POST',
      '/exports',
      { kind: 'pwd-records', filter: {}, tz: 'UTC' },
      { status: 403, code: Code.FORBIDDEN },
    );
  });
});
