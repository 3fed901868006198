import { type Calculated, Code, type MyQuota, type QuotaChanged, type QuotaPage } from '@dms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBoxes } from './boxes.js';
import { apiAs, body, buildTestApp, insertOnlineDevice, login, testDialects, userIds, type TestApp } from './helper.js';

const dialects = await testDialects();
const URL = '/qrManage/pwd-quota';

/**
 * Password quotas (/qrManage/pwd-quota; spec 5, issue 24), on each database: units move from a superior to the users
 * directly below them and back; an increase cannot exceed the giver's remaining quota, a decrease the user's; root
 * and CK factories give without a limit; two changes at once never overspend; each change is logged with both
 * balances.
 */
describe.each(dialects)('password quotas (%s)', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const { call, ok, refused } = apiAs(() => t.app, tokens);
  let uid: (username: string) => number;
  const change = (user: string, target: string, n: number) => ok<QuotaChanged>(user, 'POST', URL, { userId: uid(target), change: n });
  const logged = async () =>
    t.app.db
      .selectFrom('operation_log')
      .select(['username', 'target', 'old_value', 'new_value'])
      .where('action', '=', 'quota.change')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    uid = await userIds(t);
    for (const u of ['demo_root', 'demo_limited_admin', 'demo_manufacturer', 'demo_district_dist', 'demo_regional_dist']) {
      tokens[u] = await login(t.app, u);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('moves units down the line and back, within both balances; logged with both', async () => {
    // The CK factory gives without a limit.
    expect(await change('demo_manufacturer', 'demo_district_dist', 10)).toEqual({
      userId: uid('demo_district_dist'),
      remaining: 10,
      mine: null,
    });
    expect(await ok<MyQuota>('demo_manufacturer', 'GET', `${URL}/mine`)).toEqual({ unlimited: true, remaining: null });
    // The district distributor gives from its own.
    expect(await change('demo_district_dist', 'demo_regional_dist', 4)).toEqual({
      userId: uid('demo_regional_dist'),
      remaining: 4,
      mine: 6,
    });
    await refused(
      'demo_district_dist',
      'POST',
      URL,
      { userId: uid('demo_regional_dist'), change: 7 },
      { status: 400, code: Code.REJECTED, message: 'An increase cannot exceed your remaining quota (6).' },
    );
    await refused(
      'demo_district_dist',
      'POST',
      URL,
      { userId: uid('demo_regional_dist'), change: -5 },
      { status: 400, code: Code.REJECTED, message: "A decrease cannot exceed the user's remaining quota (4)." },
    );
    await refused(
      'demo_district_dist',
      'POST',
      URL,
      { userId: uid('demo_regional_dist'), change: -5 },
      { status: 400, code: Code.REJECTED, message: '减少的配额不能超过该用户的剩余配额（4）。' },
      'zh',
    );
    // Taking back returns the units to the giver.
    expect(await change('demo_district_dist', 'demo_regional_dist', -3)).toEqual({
      userId: uid('demo_regional_dist'),
      remaining: 1,
      mine: 9,
    });
    expect(await ok<MyQuota>('demo_district_dist', 'GET', `${URL}/mine`)).toEqual({ unlimited: false, remaining: 9 });
    expect(await logged()).toEqual([
      {
        username: 'demo_manufacturer',
        target: 'demo_district_dist',
        old_value: '0 (giver: no limit)',
        new_value: '10 (giver: no limit), +10',
      },
      { username: 'demo_district_dist', target: 'demo_regional_dist', old_value: '0 (giver: 10)', new_value: '4 (giver: 6), +4' },
      { username: 'demo_district_dist', target: 'demo_regional_dist', old_value: '4 (giver: 6)', new_value: '1 (giver: 9), -3' },
    ]);
  });

  it('lists the users directly below with their quota and use; refuses anyone else', async () => {
    const page = await ok<QuotaPage>('demo_district_dist', 'GET', URL);
    expect(page).toEqual({
      total: 1,
      items: [
        {
          userId: uid('demo_regional_dist'),
          username: 'demo_regional_dist',
          name: 'Demo Regional Distributor',
          roles: ['regional_distributor'],
          remaining: 1,
          used: 0,
          lastAt: null,
        },
      ],
    });
    expect((await ok<QuotaPage>('demo_manufacturer', 'GET', `${URL}?q=district`)).items.map((r) => r.username)).toEqual([
      'demo_district_dist',
    ]);
    expect((await ok<QuotaPage>('demo_manufacturer', 'GET', `${URL}?q=nobody`)).total).toBe(0);
    const notYours = { status: 403, code: Code.FORBIDDEN, message: 'You give quota only to the users directly below you.' };
    // A grandchild, someone else's child, and an id that is nobody's are refused alike.
    await refused('demo_manufacturer', 'POST', URL, { userId: uid('demo_regional_dist'), change: 1 }, notYours);
    await refused('demo_district_dist', 'POST', URL, { userId: uid('demo_limited_admin'), change: 1 }, notYours);
    await refused('demo_district_dist', 'POST', URL, { userId: 987654, change: 1 }, notYours);
    // Spec 6: limited_admin does not reach pwd-quota.
    await refused('demo_limited_admin', 'GET', URL, undefined, { status: 403, code: Code.FORBIDDEN });
  });

  it('refuses a change of 0, a fraction or beyond 100000, and a missing user, with their messages', async () => {
    const message = 'Enter how many calculations to add or take back: a whole number from -100000 to 100000, not 0.';
    for (const n of [0, 1.5, 100_001, -100_001, '3']) {
      await refused(
        'demo_district_dist',
        'POST',
        URL,
        { userId: uid('demo_regional_dist'), change: n },
        { status: 400, code: Code.VALIDATION_FAILED, message },
      );
    }
    await refused(
      'demo_district_dist',
      'POST',
      URL,
      { change: 1 },
      { status: 400, code: Code.VALIDATION_FAILED, message: 'Choose the user whose quota changes.' },
    );
  });

  it('two increases at once never give more than the giver holds', async () => {
    // demo_district_dist holds 9: two gifts of 5 at once, one goes through.
    const answers = await Promise.all(
      [1, 2].map(() => call('demo_district_dist', 'POST', URL, { userId: uid('demo_regional_dist'), change: 5 })),
    );
    expect(answers.map((a) => body(a).code).sort()).toEqual([Code.SUCCESS, Code.REJECTED].sort());
    expect(await ok<MyQuota>('demo_district_dist', 'GET', `${URL}/mine`)).toEqual({ unlimited: false, remaining: 4 });
    expect((await ok<QuotaPage>('demo_district_dist', 'GET', URL)).items[0]?.remaining).toBe(6);
  });

  it('root gives limited_admin the quota its calculations spend', async () => {
    await registerBoxes(t.app, 9401, 9401);
    await t.app.db.updateTable('boxes').set({ ck: '1333' }).where('box_id', '=', 9401).execute();
    const device = await insertOnlineDevice(t, 9401, 1, uid('demo_root'));
    expect(await change('demo_root', 'demo_limited_admin', 2)).toEqual({ userId: uid('demo_limited_admin'), remaining: 2, mine: null });
    const calc = await ok<Calculated>('demo_limited_admin', 'POST', '/qrManage/calculate-dynamic-pwd', {
      deviceId: device,
      challenge: '314159',
      mode: 'unlock-1d',
      requestId: 'quota-test-1',
    });
    expect(calc.remaining).toBe(1);
    const page = await ok<QuotaPage>('demo_root', 'GET', `${URL}?q=limited`);
    expect(page.items[0]).toMatchObject({ username: 'demo_limited_admin', remaining: 1, used: 1, lastAt: t.clock.now });
  });
});
