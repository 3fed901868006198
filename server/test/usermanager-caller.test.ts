import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevCkUsers } from '@dms/contract';
import { refreshReachForBoxes } from '../src/access/reach.js';
import { buildTestApp, login, testDialects, userIds, type TestApp } from './helper.js';
import { ownDevices, peopleCalls } from './people.js';

const dialects = await testDialects();

/** What the console asks about the caller, and the CK group calls (docs/people.md "Our reading of the CK and caller calls"). */
describe.each(dialects)('the caller and CK calls on %s', (dialect) => {
  let t: TestApp;
  let uid: (username: string) => number;
  const { call, ok, refused } = peopleCalls(() => t);
  /** demo_manager's devices (boxes 6301–6306). */
  let mine: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    uid = await userIds(t);
    mine = await ownDevices(t, 6301, 6306, 'demo_manager', uid('demo_manager'));
  });
  afterAll(async () => t.close());

  it('answers what the caller is: level, admin, manager or user, the templates at their level, CK factory', async () => {
    expect(await ok('demo_manager', 'GET', '/user_register/get_privilege_level')).toEqual({ level: 6, roles: ['manager'] });
    expect(await ok('demo_root', 'GET', '/user_register/check_is_admin')).toEqual({ isAdmin: true });
    expect(await ok('demo_limited_admin', 'GET', '/user_register/check_is_admin')).toEqual({ isAdmin: true });
    expect(await ok('demo_manager', 'GET', '/user_register/check_is_admin')).toEqual({ isAdmin: false });
    expect(await ok('demo_manager', 'GET', '/user_register/check_is_manager_or_user')).toEqual({ kind: 'manager' });
    expect(await ok('demo_end_user', 'GET', '/user_register/check_is_manager_or_user')).toEqual({ kind: 'user' });
    expect(await ok('demo_helper', 'GET', '/user_register/check_is_manager_or_user')).toEqual({ kind: 'neither' });
    const names = async (u: string) =>
      ((await ok(u, 'GET', '/user_register/get_level_models')) as { templates: Array<{ builtin: string | null }> }).templates.map(
        (x) => x.builtin,
      );
    expect(await names('demo_manager')).toEqual(['operator', 'read-only']);
    expect(await names('demo_root')).toEqual(['full', 'operator', 'read-only']);
    expect(await ok('demo_manufacturer', 'GET', '/user/check_is_ck_factory')).toEqual({ isCkFactory: true, ck: '1333' });
    expect(await ok('demo_district_dist', 'GET', '/user/check_is_ck_factory')).toEqual({ isCkFactory: false, ck: null });
    for (const path of ['/user_register/get_privilege_level', '/user_register/get_level_models', '/user/check_is_ck_factory'])
      expect((await call(null, 'GET', path)).statusCode).toBe(401);
  });

  it('names the CK group users of a device, and lets the CK factory reset the password of a user of its group below it', async () => {
    await t.app.db.updateTable('boxes').set({ ck: '1333' }).where('box_id', '=', 6304).execute();
    await t.app.db.transaction().execute((trx) => refreshReachForBoxes(trx, [6304]));
    const users = (await ok('demo_manufacturer', 'GET', `/user_register/get_dev_ck_users?device_id=${mine[3]}`)) as DevCkUsers;
    expect(users.ck).toBe('1333');
    expect(users.users.map((u) => [u.username, u.role])).toEqual([
      ['demo_manufacturer', 'factory'],
      ['demo_district_dist', 'distributor'],
      ['demo_regional_dist', 'distributor'],
    ]);
    expect((await call('demo_market', 'GET', `/user_register/get_dev_ck_users?device_id=${mine[3]}`)).statusCode).toBe(404);
    await refused(
      'demo_manager',
      'GET',
      '/user_register/get_dev_ck_users?device_id=abc',
      undefined,
      400,
      'Please fill in device_id with a positive integer',
    );

    await ok('demo_manufacturer', 'POST', '/user/resetCkUserPwd', { username: 'demo_regional_dist', password: 'ckreset1' });
    expect(await login(t.app, 'demo_regional_dist', 'ckreset1')).toBeTruthy();
    await refused(
      'demo_manufacturer',
      'POST',
      '/user/resetCkUserPwd',
      { username: 'demo_manager', password: 'ckreset1' },
      403,
      'This user is not in your CK group below you.',
    );
    await refused(
      'demo_manufacturer',
      'POST',
      '/user/resetCkUserPwd',
      { username: 'nobody_here', password: 'ckreset1' },
      403,
      'This user is not in your CK group below you.',
    );
    await refused(
      'demo_district_dist',
      'POST',
      '/user/resetCkUserPwd',
      { username: 'demo_regional_dist', password: 'ckreset1' },
      403,
      'Only the factory of a CK group can do this.',
    );
    await refused(
      'demo_manufacturer',
      'POST',
      '/user/resetCkUserPwd',
      { username: 'demo_regional_dist', password: '1' },
      400,
      'Password must be a 6-20 digit number or character!',
    );
    expect((await call(null, 'POST', '/user/resetCkUserPwd', { username: 'demo_regional_dist', password: 'ckreset1' })).statusCode).toBe(
      401,
    );
  });
});
