import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HelperDeviceRow, HelperRow } from '@dms/contract';
import { checkAccess } from '../src/access/index.js';
import { body, buildTestApp, login, testDialects, userIds, type TestApp } from './helper.js';
import { ownDevices, peopleCalls } from './people.js';

const dialects = await testDialects();

/** docs/people.md, docs/api.md "People: helpers and sharing". */
describe.each(dialects)('helpers and sharing on %s', (dialect) => {
  let t: TestApp;
  let uid: (username: string) => number;
  const { tokens, call, ok, listOf } = peopleCalls(() => t);
  /** demo_manager's devices, and one of demo_market's. */
  let mine: number[] = [];
  let theirs = 0;

  const helperDevices = async (shared: boolean, helper = uid('demo_helper')) =>
    (
      (await ok('demo_manager', 'GET', `/user_register/get_${shared ? '' : 'un'}shared_devices?userId=${helper}&page_size=50`)) as {
        total: number;
        items: HelperDeviceRow[];
      }
    ).items;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    uid = await userIds(t);
    mine = await ownDevices(t, 6201, 6203, 'demo_manager', uid('demo_manager'));
    [theirs = 0] = await ownDevices(t, 6204, 6204, 'demo_market', uid('demo_market'));
  });
  afterAll(async () => t.close());

  it('adds a helper below the caller, lists it with its type and region, and refuses a taken name and bad input', async () => {
    const { id } = (await ok('demo_manager', 'POST', '/user_register/add_helper', {
      username: 'plant_helper1',
      password: 'secret123',
      name: 'Wang Fang',
      phone: '138 0000 0001',
      helperType: 'maintenance',
      region: '江苏省',
    })) as { id: number };
    const page = (await ok('demo_manager', 'GET', '/user_register/get_helpers?q=plant')) as { total: number; items: HelperRow[] };
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      id,
      username: 'plant_helper1',
      helperType: 'maintenance',
      region: '江苏省',
      template: null,
      sharedDevices: 0,
    });
    const stored = await t.app.db
      .selectFrom('users')
      .select(['parent_id', 'roles', 'level', 'ck'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ parent_id: uid('demo_manager'), roles: '["helper"]', level: 7, ck: '2001' });
    expect(await login(t.app, 'plant_helper1', 'secret123')).toBeTruthy();
    expect(
      ((await ok('demo_manager', 'GET', '/user_register/get_helper_types')) as { types: string[]; regions: string[] }).regions,
    ).toContain('江苏省');

    const bad: Array<[Record<string, unknown>, string]> = [
      [{ username: 'plant_helper1', password: 'secret123', helperType: 'other' }, 'This user name is already taken.'],
      [{ username: 'ab', password: 'secret123', helperType: 'other' }, 'User name must be a 6-20 digit number or character!'],
      [{ username: 'plant_helper2', password: '12', helperType: 'other' }, 'Password must be a 6-20 digit number or character!'],
      [
        { username: 'plant_helper2', password: 'secret123', helperType: 'boss' },
        'Choose a helper type: operator, maintenance, inspector or other.',
      ],
      [{ username: 'plant_helper2', password: 'secret123', helperType: 'other', templateId: 999 }, 'No such permission template.'],
    ];
    for (const [payload, message] of bad) {
      const res = await call('demo_manager', 'POST', '/user_register/add_helper', payload);
      expect(res.statusCode, message).toBe(400);
      expect(body(res), message).toMatchObject({ code: 40001, message });
    }
  });

  it('shares with and without the switch right: the helper reaches exactly those devices, and may switch only where granted', async () => {
    const helper = uid('demo_helper');
    expect(
      await ok('demo_manager', 'POST', '/user_register/share_device', { userId: helper, deviceId: mine[0], canSwitch: false }),
    ).toEqual({ changed: 1 });
    expect(await ok('demo_manager', 'POST', '/user_register/share_device', { userId: helper, deviceId: mine[1], canSwitch: true })).toEqual(
      { changed: 1 },
    );
    // A repeat changes nothing.
    expect(await ok('demo_manager', 'POST', '/user_register/share_device', { userId: helper, deviceId: mine[1], canSwitch: true })).toEqual(
      { changed: 0 },
    );
    expect((await helperDevices(true)).map((d) => [d.deviceId, d.canSwitch])).toEqual([
      [mine[0], false],
      [mine[1], true],
    ]);
    expect((await helperDevices(false)).map((d) => d.deviceId)).toEqual([mine[2]]);
    const seen = await listOf('demo_helper');
    expect(seen.map((d) => d.id).sort((a, b) => a - b)).toEqual([mine[0], mine[1]]);
    expect(seen.every((d) => d.reach.how === 'helper')).toBe(true);
    const auth = {
      user: await t.app.db.selectFrom('users').selectAll().where('id', '=', helper).executeTakeFirstOrThrow(),
      roles: ['helper'],
      sessionId: 0,
    };
    expect([...(await checkAccess(t.app.db, { auth, permission: 'device.switch', ids: mine }))]).toEqual([mine[1]]);

    expect(
      await ok('demo_manager', 'POST', '/device_user_permission/add_device_user_permission', { userId: helper, deviceId: mine[0] }),
    ).toEqual({ changed: 1 });
    expect([...(await checkAccess(t.app.db, { auth, permission: 'device.switch', ids: mine }))].sort((a, b) => a - b)).toEqual([
      mine[0],
      mine[1],
    ]);
    expect(await ok('demo_manager', 'POST', '/device_user_permission/del_all_device_user_permission', { userId: helper })).toEqual({
      changed: 2,
    });
    expect([...(await checkAccess(t.app.db, { auth, permission: 'device.switch', ids: mine }))]).toEqual([]);
    expect(await ok('demo_manager', 'POST', '/device_user_permission/add_all_device_user_permission', { userId: helper })).toEqual({
      changed: 2,
    });
    expect(
      await ok('demo_manager', 'POST', '/device_user_permission/del_device_user_permission', { userId: helper, deviceId: mine[1] }),
    ).toEqual({ changed: 1 });
    const notShared = await call('demo_manager', 'POST', '/device_user_permission/add_device_user_permission', {
      userId: helper,
      deviceId: mine[2],
    });
    expect(body(notShared)).toMatchObject({ code: 40001, message: 'This device is not shared with this helper.' });

    expect(await ok('demo_manager', 'POST', '/user_register/share_all_device', { userId: helper, canSwitch: false })).toEqual({
      changed: 1,
    });
    expect((await listOf('demo_helper')).map((d) => d.id).sort((a, b) => a - b)).toEqual(mine);
    expect(await ok('demo_manager', 'POST', '/user_register/recall_shared_device', { userId: helper, deviceId: mine[2] })).toEqual({
      changed: 1,
    });
    expect((await listOf('demo_helper')).map((d) => d.id).sort((a, b) => a - b)).toEqual([mine[0], mine[1]]);
    expect(await ok('demo_manager', 'POST', '/user_register/recall_all_shared_device', { userId: helper })).toEqual({ changed: 2 });
    expect(await listOf('demo_helper')).toEqual([]);
    const log = await t.app.db.selectFrom('operation_log').select(['action', 'target']).where('action', 'like', 'device.%').execute();
    expect(new Set(log.map((l) => l.action))).toEqual(new Set(['device.share', 'device.switchRight', 'device.recallShare']));
    // The log names a device as people know it, box id / controller, on every kind of change.
    expect(log.filter((l) => l.action === 'device.recallShare').map((l) => l.target)).toContain('6203/1 → demo_helper');
    for (const l of log) expect(l.target, l.action).toMatch(/^(\d+\/\d+|\d+ device\(s\)) → demo_helper$/);
  });

  it("refuses someone else's helper, a device the caller does not own, and an unknown device", async () => {
    const helper = uid('demo_helper');
    const notYours = await call('demo_submanager', 'POST', '/user_register/share_device', { userId: helper, deviceId: mine[0] });
    expect(notYours.statusCode).toBe(403);
    expect(body(notYours)).toMatchObject({ code: 40300, message: 'This helper is not yours.' });
    expect(body(await call('demo_submanager', 'GET', `/user_register/get_shared_devices?userId=${helper}`))).toMatchObject({ code: 40300 });
    expect(body(await call('demo_manager', 'GET', `/user_register/del_helper?userId=${uid('demo_end_user')}`))).toMatchObject({
      code: 40300,
      message: 'This helper is not yours.',
    });
    // The page of a helper's devices names them; anyone else's (or nobody's) is refused alike.
    expect(await ok('demo_manager', 'GET', `/user_register/get_helper?userId=${helper}`)).toEqual({
      id: helper,
      username: 'demo_helper',
      name: 'Demo Helper',
      company: '',
    });
    for (const userId of [uid('demo_submanager'), uid('demo_end_user'), 987654])
      expect(body(await call('demo_manager', 'GET', `/user_register/get_helper?userId=${userId}`))).toMatchObject({
        code: 40300,
        message: 'This helper is not yours.',
      });
    expect(body(await call('demo_submanager', 'GET', `/user_register/get_helper?userId=${helper}`))).toMatchObject({
      code: 40300,
      message: 'This helper is not yours.',
    });
    const theirDevice = await call('demo_manager', 'POST', '/user_register/share_device', { userId: helper, deviceId: theirs });
    expect(body(theirDevice)).toMatchObject({ code: 40300, message: 'You can share only devices you own.' });
    expect((await call('demo_manager', 'POST', '/user_register/share_device', { userId: helper, deviceId: 987654 })).statusCode).toBe(404);
    const badId = await call('demo_manager', 'POST', '/user_register/share_device', { userId: 'x', deviceId: mine[0] });
    expect(body(badId)).toMatchObject({ code: 40001, message: 'Please fill in userId with a positive integer' });
  });

  it('is for the roles of the access table (403) and signed-in users (401)', async () => {
    expect((await call(null, 'GET', '/user_register/get_helpers')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/user_register/add_helper', {})).statusCode).toBe(401);
    for (const username of ['demo_end_user', 'demo_limited_admin', 'demo_helper', 'demo_market']) {
      const res = await call(username, 'GET', '/user_register/get_helpers');
      expect(res.statusCode, username).toBe(403);
      expect(body(res), username).toMatchObject({ code: 40300 });
    }
    // afterSales may see helpers (edit-helper) but not add one (add-helper is the manager's).
    expect((await call('demo_afterSales', 'GET', '/user_register/get_helpers')).statusCode).toBe(200);
    expect(
      (
        await call('demo_afterSales', 'POST', '/user_register/add_helper', {
          username: 'x_helper9',
          password: 'secret123',
          helperType: 'other',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('changes a helper’s password and template, and deletes a helper: their shares end and they can no longer sign in', async () => {
    const { id } = (await ok('demo_manager', 'POST', '/user_register/add_helper', {
      username: 'plant_helper3',
      password: 'secret123',
      helperType: 'operator',
    })) as {
      id: number;
    };
    await ok('demo_manager', 'POST', '/user_register/change_helper_password', { userId: id, password: 'secret456' });
    tokens.set('plant_helper3', await login(t.app, 'plant_helper3', 'secret456'));
    const readOnly = (
      await t.app.db.selectFrom('permission_templates').select('id').where('builtin', '=', 'read-only').executeTakeFirstOrThrow()
    ).id;
    await ok('demo_manager', 'POST', '/user_register/change_helper_model', { userId: id, templateId: readOnly });
    const row = ((await ok('demo_manager', 'GET', '/user_register/get_helpers?q=plant_helper3')) as { items: HelperRow[] }).items[0];
    expect(row?.template).toEqual({ id: readOnly, name: 'Read only', builtin: 'read-only' });
    const badPassword = await call('demo_manager', 'POST', '/user_register/change_helper_password', { userId: id, password: '' });
    expect(body(badPassword)).toMatchObject({ code: 40001, message: 'Password cannot be empty!' });

    await ok('demo_manager', 'POST', '/user_register/share_device', { userId: id, deviceId: mine[0], canSwitch: true });
    expect((await listOf('plant_helper3')).map((d) => d.id)).toEqual([mine[0]]);
    await ok('demo_manager', 'GET', `/user_register/del_helper?userId=${id}`);
    expect((await ok('demo_manager', 'GET', '/user_register/get_helpers?q=plant_helper3')) as { total: number }).toMatchObject({
      total: 0,
    });
    const live = await t.app.db
      .selectFrom('device_links')
      .select('id')
      .where('user_id', '=', id)
      .where('recalled_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    expect(await t.app.db.selectFrom('device_reach').select('device_id').where('user_id', '=', id).execute()).toEqual([]);
    await expect(login(t.app, 'plant_helper3', 'secret456')).rejects.toThrow();
  });

  it('one user name created at the same moment: one account, every other call answers 40001 with its message', async () => {
    const helper = { username: 'race_helper', password: 'secret123', helperType: 'operator' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => call('demo_manager', 'POST', '/user_register/add_helper', helper)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const r of answers.filter((a) => a.statusCode === 400))
      expect(body(r)).toMatchObject({ code: 40001, message: 'This user name is already taken.' });
    // Across the two creation paths too.
    const both = await Promise.all([
      call('demo_manager', 'POST', '/user_register/add_helper', { ...helper, username: 'race_both' }),
      call('demo_manager', 'POST', '/user_register/add_next_manager', { username: 'race_both', password: 'secret123' }),
      call('demo_manager', 'POST', '/user_register/add_helper', { ...helper, username: 'race_both' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    for (const r of both.filter((a) => a.statusCode === 400)) expect(body(r).message).toBe('This user name is already taken.');
    expect(await t.app.db.selectFrom('users').select('id').where('username', 'in', ['race_helper', 'race_both']).execute()).toHaveLength(2);
  });
});
