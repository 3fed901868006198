import { Code, type AssignAccount, type BoxAssignPreview } from '@dms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBoxes } from './boxes.js';
import { apiAs, buildTestApp, insertOnlineDevice, login, testDialects, userIds, type TestApp } from './helper.js';

const dialects = await testDialects();
const FIRST = 8951;
const NOW = Date.UTC(2026, 10, 28, 12);
const URL = '/smartbox/assign';

/** Assigning boxes to an account (/smartbox/box-assign; limited_admin only; issue 23), on each database. */
describe.each(dialects)('assigning boxes (%s)', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const { ok, refused } = apiAs(() => t.app, tokens);
  let uid: (username: string) => number;
  let devices: number[] = [];
  const reaches = async (username: string) =>
    (
      await t.app.db
        .selectFrom('device_reach')
        .select('device_id')
        .where('user_id', '=', uid(username))
        .where('device_id', 'in', devices)
        .execute()
    )
      .map((r) => r.device_id)
      .sort((a, b) => a - b);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    t.clock.now = NOW;
    for (const u of ['demo_root', 'demo_limited_admin', 'demo_manager']) tokens[u] = await login(t.app, u);
    uid = await userIds(t);
    await registerBoxes(t.app, FIRST, FIRST + 3);
    const device = (box: number, controller: number) => insertOnlineDevice(t, box, controller, uid('demo_manager'));
    devices = [await device(FIRST, 1), await device(FIRST, 2), await device(FIRST + 1, 1)];
  });
  afterAll(async () => t.close());

  it('lists only the accounts boxes may go to', async () => {
    const accounts = await ok<AssignAccount[]>('demo_limited_admin', 'GET', `${URL}/accounts?q=demo`);
    const names = accounts.map((a) => a.username);
    expect(names).toEqual(expect.arrayContaining(['demo_manufacturer', 'demo_district_dist', 'demo_regional_dist', 'demo_manager']));
    for (const other of ['demo_root', 'demo_limited_admin', 'demo_helper', 'demo_end_user', 'demo_market'])
      expect(names).not.toContain(other);
  });

  it('shows a range’s boxes first, then moves them and their devices, with reach, in one go; logged', async () => {
    const body = { userId: uid('demo_manufacturer'), from: FIRST, to: FIRST + 5 };
    const preview = await ok<BoxAssignPreview>('demo_limited_admin', 'POST', `${URL}/preview`, body);
    expect(preview).toEqual({
      account: { id: uid('demo_manufacturer'), username: 'demo_manufacturer' },
      boxes: [
        { boxId: FIRST, company: 'Test Co', owner: 'demo_manager', devices: 2 },
        { boxId: FIRST + 1, company: 'Test Co', owner: 'demo_manager', devices: 1 },
        { boxId: FIRST + 2, company: 'Test Co', owner: 'demo_manager', devices: 0 },
        { boxId: FIRST + 3, company: 'Test Co', owner: 'demo_manager', devices: 0 },
      ],
      theirs: [],
      unregistered: [FIRST + 4, FIRST + 5],
      unregisteredCount: 2,
    });
    // The preview changed nothing.
    expect(await reaches('demo_manager')).toEqual(devices);
    expect(await reaches('demo_manufacturer')).toEqual([]);

    expect(await ok('demo_limited_admin', 'POST', URL, body)).toEqual({ boxes: 4, devices: 3, account: 'demo_manufacturer' });
    const owners = await t.app.db
      .selectFrom('boxes')
      .select('owner_id')
      .where('box_id', '>=', FIRST)
      .where('box_id', '<=', FIRST + 3)
      .execute();
    expect(new Set(owners.map((o) => o.owner_id))).toEqual(new Set([uid('demo_manufacturer')]));
    expect(await reaches('demo_manufacturer')).toEqual(devices);
    expect(await reaches('demo_manager')).toEqual([]);
    expect(t.app.ingest.box(FIRST)?.ownerId).toBe(uid('demo_manufacturer'));
    const logged = await t.app.db
      .selectFrom('operation_log')
      .select(['username', 'target', 'old_value', 'new_value'])
      .where('action', '=', 'smartbox.assignBoxes')
      .execute();
    expect(logged).toEqual([
      {
        username: 'demo_limited_admin',
        target: `${FIRST}…${FIRST + 5}`,
        old_value: 'owners demo_manager',
        new_value: 'demo_manufacturer: 4 box(es), 3 device(s)',
      },
    ]);

    // Again: the account holds them all already.
    const again = await ok<BoxAssignPreview>('demo_limited_admin', 'POST', `${URL}/preview`, { ...body, to: FIRST + 3 });
    expect(again).toMatchObject({ boxes: [], theirs: [FIRST, FIRST + 1, FIRST + 2, FIRST + 3], unregisteredCount: 0 });
    await refused('demo_limited_admin', 'POST', URL, body, {
      status: 400,
      code: Code.REJECTED,
      message: 'None of these boxes is registered, or the account holds them all already.',
    });
    // By a list, back to the manager.
    expect(await ok('demo_limited_admin', 'POST', URL, { userId: uid('demo_manager'), boxIds: [FIRST + 1] })).toEqual({
      boxes: 1,
      devices: 1,
      account: 'demo_manager',
    });
    expect(await reaches('demo_manager')).toEqual([devices[2]]);
  });

  it('refuses a wrong account, range or list with its message, and anyone but limited_admin', async () => {
    const bad = (payload: object, message: string, code: number = Code.VALIDATION_FAILED) =>
      refused('demo_limited_admin', 'POST', URL, payload, { status: 400, code, message });
    await bad(
      { userId: uid('demo_helper'), boxIds: [FIRST] },
      'Boxes can be assigned only to a manufacturer, distributor or manager account.',
      Code.REJECTED,
    );
    await bad({ boxIds: [FIRST] }, 'Choose the account to assign the boxes to.');
    await bad(
      { userId: uid('demo_manager'), from: FIRST, to: FIRST, boxIds: [FIRST] },
      'Give either a range of box numbers or a list of them.',
    );
    await bad({ userId: uid('demo_manager'), from: FIRST }, 'Give either a range of box numbers or a list of them.');
    await bad({ userId: uid('demo_manager'), from: FIRST + 1, to: FIRST }, 'The first box number must not be above the last.');
    await bad({ userId: uid('demo_manager'), from: 1, to: 10_001 }, 'At most 10,000 boxes at once.');
    await refused(
      'demo_limited_admin',
      'POST',
      URL,
      { userId: uid('demo_manager'), from: FIRST + 1, to: FIRST },
      { status: 400, code: Code.VALIDATION_FAILED, message: '起始盒子编号不能大于结束编号。' },
      'zh',
    );
    for (const user of ['demo_root', 'demo_manager'])
      await refused(user, 'POST', URL, { userId: uid('demo_manager'), boxIds: [FIRST] }, { status: 403, code: Code.FORBIDDEN });
    await refused(null, 'POST', URL, { userId: uid('demo_manager'), boxIds: [FIRST] }, { status: 401, code: Code.TOKEN_ILLEGAL });
  });
});
