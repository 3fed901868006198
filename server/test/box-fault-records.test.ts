import { Code } from '@dms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, body, buildTestApp, insertOnlineDevice, login, testDialects, userIds, type TestApp } from './helper.js';

const dialects = await testDialects();
const BOX = 8801;
const H = 3_600_000;
const NOW = Date.UTC(2026, 10, 28, 12);
const USERS = ['demo_root', 'demo_limited_admin', 'demo_manager'] as const;
const URL = `/boxes/${BOX}/fault-records/clear`;

/** Clearing a box's fault records (/smartbox/box-clear-fault-record; issue 23), on each database. */
describe.each(dialects)('clearing a box’s fault records (%s)', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const { ok, refused, call } = apiAs(() => t.app, tokens);
  let devices: number[] = [];

  /** Fault records of the box's two devices: ended at -30 h, -20 h and -2 h, one still open (-1 h); another box's. */
  async function seed() {
    await t.app.db.deleteFrom('fault_records').execute();
    const record = (device: number, start: number, ended: boolean) => ({
      device_id: device,
      kind: 'fault' as const,
      register: 1,
      bit: 0,
      started_at: NOW + start,
      ended_at: ended ? NOW + start + 60_000 : null,
      snapshot: Buffer.alloc(0),
    });
    const [a = 0, b = 0, other = 0] = devices;
    await t.app.db
      .insertInto('fault_records')
      .values([
        record(a, -30 * H, true),
        record(b, -20 * H, true),
        record(a, -2 * H, true),
        record(b, -H, false),
        record(other, -2 * H, true),
      ])
      .execute();
  }
  const left = async () => (await t.app.db.selectFrom('fault_records').select('device_id').execute()).length;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    t.clock.now = NOW;
    for (const u of USERS) tokens[u] = await login(t.app, u);
    const uid = await userIds(t);
    await ok('demo_root', 'POST', '/box-reg-info', {
      startBoxId: BOX,
      endBoxId: BOX + 1,
      userId: uid('demo_manager'),
      boxType: 'DTU-4G',
      companyName: 'Clear Co',
    });
    const device = (box: number, controller: number) => insertOnlineDevice(t, box, controller, uid('demo_manager'));
    devices = [await device(BOX, 1), await device(BOX, 2), await device(BOX + 1, 1)];
  });
  afterAll(async () => {
    await t.close();
  });

  it('asks first with the counts, then deletes the ended records and keeps the open one and other boxes’', async () => {
    await seed();
    const asked = await call('demo_root', 'POST', URL, {});
    expect(body(asked)).toMatchObject({
      code: Code.WARNING_CONFIRM,
      message: `Box ${BOX}: 3 ended fault record(s) will be deleted; 1 still open will be kept. Continue?`,
    });
    expect(await left()).toBe(5);
    expect(await ok('demo_root', 'POST', URL, { confirm: true })).toEqual({ deleted: 3, kept: 1, told: null });
    expect(await left()).toBe(2);
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['action', 'target', 'new_value'])
      .where('action', '=', 'boxes.clearFaultRecords')
      .execute();
    expect(log).toEqual([{ action: 'boxes.clearFaultRecords', target: String(BOX), new_value: '…: 3 deleted, 1 open kept' }]);
  });

  it('clears only what started in the range, named in UTC; limited_admin may too', async () => {
    await seed();
    const range = { from: NOW - 24 * H, to: NOW - H };
    const asked = await call('demo_limited_admin', 'POST', URL, range);
    expect(body(asked)).toMatchObject({
      code: Code.WARNING_CONFIRM,
      message: `Box ${BOX}: 2 ended fault record(s) that started between 2026-11-27 12:00 and 2026-11-28 11:00 (UTC) will be deleted; 0 still open will be kept. Continue?`,
    });
    expect(await ok('demo_limited_admin', 'POST', URL, { ...range, confirm: true })).toEqual({ deleted: 2, kept: 0, told: null });
    expect(await left()).toBe(3);
  });

  it('also tells the box to clear its own fault memory when asked: it waits while the box is offline', async () => {
    await seed();
    const told = await ok('demo_limited_admin', 'POST', URL, { confirm: true, alsoBox: true });
    expect(told).toEqual({ deleted: 3, kept: 1, told: 'queued' });
    const commands = await t.app.db
      .selectFrom('box_commands')
      .select(['cmd', 'args', 'state', 'created_by'])
      .where('box_id', '=', BOX)
      .execute();
    expect(commands).toEqual([{ cmd: 'clear-faults', args: '{}', state: 'queued', created_by: 'demo_limited_admin' }]);
    const logged = await t.app.db
      .selectFrom('operation_log')
      .select('new_value')
      .where('action', '=', 'boxes.clearFaultRecords')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged.new_value).toBe('…: 3 deleted, 1 open kept; the box told to clear its faults');
    // Unconfirmed, nothing is sent either.
    await call('demo_root', 'POST', URL, { alsoBox: true });
    expect(await t.app.db.selectFrom('box_commands').select('id').where('box_id', '=', BOX).execute()).toHaveLength(1);
  });

  it('refuses a bad range, an unknown box and those spec 6 keeps out, in their words', async () => {
    await refused(
      'demo_root',
      'POST',
      URL,
      { from: NOW, to: NOW - H },
      {
        status: 400,
        code: Code.VALIDATION_FAILED,
        message: 'The start must be before the end.',
      },
    );
    await refused(
      'demo_root',
      'POST',
      '/boxes/8899/fault-records/clear',
      { confirm: true },
      { status: 404, code: Code.NOT_FOUND, message: 'No box has the number 8899.' },
    );
    await refused(
      'demo_manager',
      'POST',
      URL,
      { confirm: true },
      {
        status: 403,
        code: Code.FORBIDDEN,
        message: 'You do not have permission to do this.',
      },
    );
    await refused(null, 'POST', URL, {}, { status: 401, code: Code.TOKEN_ILLEGAL });
    expect(body(await call('demo_root', 'POST', URL, { from: NOW, to: NOW - H }, 'es')).message).toBe(
      'El inicio debe ser anterior al final.',
    );
  });
});
