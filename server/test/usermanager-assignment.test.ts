import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignPreview, ManagerDeviceRow, RecallCheck } from '@dms/contract';
import { body, buildTestApp, testDialects, userIds, type TestApp } from './helper.js';
import { addBranches, BRANCH_PASSWORDS, ownDevices, peopleCalls } from './people.js';

const dialects = await testDialects();

/** docs/people.md "Assignment", "Recall", "Hidden from superior", "Sharing" (what an assignment ends); docs/api.md. */
describe.each(dialects)('assignment to sub-managers on %s', (dialect) => {
  let t: TestApp;
  let uid: (username: string) => number;
  const { call, ok, refused, reachOf } = peopleCalls(() => t, new Map(BRANCH_PASSWORDS));
  /** demo_manager's devices (boxes 6301–6306), and one of demo_market's. */
  let mine: number[] = [];
  let theirs = 0;
  /** The tree the tests work in: demo_manager → branch_mgr1 → branch_mgr2. */
  let branch1 = 0;
  let branch2 = 0;

  const devicesOf = async (username: string, userId: number, assigned: boolean) =>
    (
      (await ok(username, 'GET', `/user_register/get_${assigned ? '' : 'un'}assigned_devices?userId=${userId}&page_size=100`)) as {
        items: ManagerDeviceRow[];
      }
    ).items;
  /** A device as the operation log names it: box id / controller. */
  const boxOf = async (deviceId: number) => {
    const d = await t.app.db.selectFrom('devices').select(['box_id', 'controller']).where('id', '=', deviceId).executeTakeFirstOrThrow();
    return `${d.box_id}/${d.controller}`;
  };
  const ownerOf = async (deviceId: number) =>
    (await t.app.db.selectFrom('devices').select('owner_id').where('id', '=', deviceId).executeTakeFirstOrThrow()).owner_id;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    uid = await userIds(t);
    mine = await ownDevices(t, 6301, 6306, 'demo_manager', uid('demo_manager'));
    [theirs = 0] = await ownDevices(t, 6307, 6307, 'demo_market', uid('demo_market'));
    ({ branch1, branch2 } = await addBranches(ok));
  });
  afterAll(async () => t.close());

  it('assigns one device and a batch: the sub-manager becomes the owner, the assigner keeps sight of it, a repeat changes nothing', async () => {
    expect(await ok('demo_manager', 'POST', '/user_register/assign_device', { userId: branch1, deviceId: mine[0] })).toEqual({
      changed: 1,
    });
    expect(await ok('demo_manager', 'POST', '/user_register/assign_device', { userId: branch1, deviceId: mine[0] })).toEqual({
      changed: 0,
    });
    expect(
      await ok('demo_manager', 'POST', '/user_register/batch_assign_devices', { userId: branch1, deviceIds: [mine[0], mine[1], mine[2]] }),
    ).toEqual({ changed: 2 });
    expect(await ownerOf(mine[1] ?? 0)).toBe(branch1);
    expect((await devicesOf('demo_manager', branch1, true)).map((d) => d.deviceId)).toEqual(mine.slice(0, 3));
    expect((await devicesOf('demo_manager', branch1, false)).map((d) => d.deviceId)).toEqual(mine.slice(3));
    const mgr = await reachOf('demo_manager');
    expect(mgr.get(mine[0] ?? 0)).toMatchObject({ how: 'assigned', data: true });
    const b1 = await reachOf('branch_mgr1');
    expect(b1.get(mine[0] ?? 0)).toMatchObject({ how: 'owner', assignedBy: 'demo_manager', hidden: false });
    expect([...b1.keys()].sort((a, b) => a - b)).toEqual(mine.slice(0, 3));
    // The batch is all or none: a device the caller does not own refuses it, and nothing moves.
    await refused(
      'demo_manager',
      'POST',
      '/user_register/batch_assign_devices',
      { userId: branch1, deviceIds: [mine[3], theirs] },
      403,
      'You can assign only devices you own.',
    );
    expect(await ownerOf(mine[3] ?? 0)).toBe(uid('demo_manager'));
    await refused(
      'demo_manager',
      'POST',
      '/user_register/batch_assign_devices',
      { userId: branch1, deviceIds: [] },
      400,
      'Choose at least one device.',
    );
    await refused(
      'demo_manager',
      'POST',
      '/user_register/batch_assign_devices',
      { userId: branch1, deviceIds: Array.from({ length: 1001 }, (_, i) => i + 1) },
      400,
      'At most 1,000 devices in one batch.',
    );
    await refused('demo_manager', 'POST', '/user_register/assign_device', { userId: branch1, deviceId: 987654 }, 404, 'Not found.');
    const log = await t.app.db.selectFrom('operation_log').select(['target', 'new_value']).where('action', '=', 'device.assign').execute();
    expect(log.map((l) => l.new_value)).toEqual(['branch_mgr1', 'branch_mgr1']);
  });

  it('hides down the chain: superiors still list the device but not its data, and recall takes back every link below', async () => {
    const device = mine[0] ?? 0;
    // branch_mgr1 shares it with its own helper and assigns it on to branch_mgr2, who hides it from superiors.
    const helper = (
      (await ok('branch_mgr1', 'POST', '/user_register/add_helper', {
        username: 'branch_helper',
        password: 'secret123',
        helperType: 'operator',
      })) as { id: number }
    ).id;
    await ok('branch_mgr1', 'POST', '/user_register/share_device', { userId: helper, deviceId: mine[1], canSwitch: true });
    await ok('branch_mgr1', 'POST', '/user_register/assign_device', { userId: branch2, deviceId: device });
    expect(await ok('branch_mgr2', 'POST', '/user_register/hide_from_superior', { deviceId: device, hidden: true })).toEqual({
      changed: 1,
    });
    expect(await ok('branch_mgr2', 'POST', '/user_register/hide_from_superior', { deviceId: device, hidden: true })).toEqual({
      changed: 0,
    });
    expect((await reachOf('demo_manager')).get(device)).toMatchObject({ how: 'assigned', data: false });
    expect((await reachOf('branch_mgr1')).get(device)).toMatchObject({ how: 'assigned', data: false });
    expect((await reachOf('branch_mgr2')).get(device)).toMatchObject({ how: 'owner', hidden: true, assignedBy: 'branch_mgr1' });
    const [row] = (await devicesOf('demo_manager', branch1, true)).filter((d) => d.deviceId === device);
    expect(row).toMatchObject({ holder: 'branch_mgr2', hidden: false });
    const hiddenData = await call('demo_manager', 'GET', `/devices/6301/1/fault-records`);
    expect(body(hiddenData)).toMatchObject({ code: 40301 });
    await refused(
      'demo_manager',
      'POST',
      '/user_register/hide_from_superior',
      { deviceId: device, hidden: false },
      403,
      'This device was not assigned to you.',
    );
    await refused(
      'branch_mgr2',
      'POST',
      '/user_register/hide_from_superior',
      { deviceId: device, hidden: 'yes' },
      400,
      'Invalid value for hidden',
    );
    const hideLog = await t.app.db
      .selectFrom('operation_log')
      .select(['old_value', 'new_value'])
      .where('action', '=', 'device.hide')
      .execute();
    expect(hideLog).toEqual([{ old_value: 'shown to superiors', new_value: 'hidden from superiors' }]);

    // check_recall_dev_ck says what a recall would do, to each user in the chain.
    const check = (await ok('demo_manager', 'GET', `/user_register/check_recall_dev_ck?device_id=${device}`)) as RecallCheck;
    expect(check).toMatchObject({ recallable: true, holder: 'branch_mgr2', assignedTo: 'branch_mgr1', ends: 2 });
    expect(((await ok('branch_mgr2', 'GET', `/user_register/check_recall_dev_ck?device_id=${device}`)) as RecallCheck).recallable).toBe(
      false,
    );
    expect((await call('demo_market', 'GET', `/user_register/check_recall_dev_ck?device_id=${device}`)).statusCode).toBe(403);
    expect((await call('demo_submanager', 'GET', `/user_register/check_recall_dev_ck?device_id=${device}`)).statusCode).toBe(404);

    // demo_manager recalls from branch_mgr1: the owner is demo_manager again; the assignment and share below end.
    expect(await ok('demo_manager', 'POST', '/user_register/recall_assigned_device', { userId: branch1, deviceId: device })).toEqual({
      changed: 1,
    });
    expect(await ownerOf(device)).toBe(uid('demo_manager'));
    // The operation log names the device as people know it, box id / controller, as it does for an assignment.
    const recallLog = await t.app.db.selectFrom('operation_log').select('target').where('action', '=', 'device.recallAssign').execute();
    expect(recallLog.map((l) => l.target)).toContain(`${await boxOf(device)} ← branch_mgr1`);
    expect((await reachOf('demo_manager')).get(device)).toMatchObject({ how: 'owner', data: true });
    expect((await reachOf('branch_mgr1')).has(device)).toBe(false);
    expect((await reachOf('branch_mgr2')).has(device)).toBe(false);
    await refused(
      'demo_manager',
      'POST',
      '/user_register/recall_assigned_device',
      { userId: branch1, deviceId: device },
      403,
      'You did not assign this device to this sub-manager.',
    );
    // Recall all: every device demo_manager assigned to branch_mgr1, and branch_mgr1's share of one of them.
    expect((await reachOf('branch_helper')).has(mine[1] ?? 0)).toBe(true);
    expect(await ok('demo_manager', 'POST', '/user_register/recall_all_assigned_device', { userId: branch1 })).toEqual({ changed: 2 });
    expect((await reachOf('branch_helper')).size).toBe(0);
    expect(await devicesOf('demo_manager', branch1, true)).toEqual([]);
    expect(await ok('demo_manager', 'POST', '/user_register/recall_all_assigned_device', { userId: branch1 })).toEqual({ changed: 0 });
  });

  it('says before assigning which shares an assignment ends and who loses the devices; a recall does not bring them back', async () => {
    const [shared, sharedTwice, unshared] = [mine[3] ?? 0, mine[4] ?? 0, mine[5] ?? 0];
    const second = (
      (await ok('demo_manager', 'POST', '/user_register/add_helper', {
        username: 'branch_helper2',
        password: 'secret123',
        name: 'Wang Fang',
        helperType: 'inspector',
      })) as { id: number }
    ).id;
    const helper = uid('demo_helper');
    await ok('demo_manager', 'POST', '/user_register/share_device', { userId: helper, deviceId: shared });
    await ok('demo_manager', 'POST', '/user_register/share_device', { userId: helper, deviceId: sharedTwice, canSwitch: true });
    await ok('demo_manager', 'POST', '/user_register/share_device', { userId: second, deviceId: sharedTwice });
    const preview = async (deviceIds: unknown[]) =>
      (await ok('demo_manager', 'POST', '/user_register/preview_assign', { userId: branch1, deviceIds })) as AssignPreview;

    expect(await preview([shared, sharedTwice, unshared, shared])).toEqual({
      devices: 3,
      sharedDevices: 2,
      losing: [
        { id: second, username: 'branch_helper2', name: 'Wang Fang', devices: 1 },
        { id: helper, username: 'demo_helper', name: 'Demo Helper', devices: 2 },
      ],
    });
    expect(await preview([unshared])).toEqual({ devices: 1, sharedDevices: 0, losing: [] });
    // Nothing changed: the helpers still reach both devices, the caller still owns them.
    expect((await reachOf('demo_helper')).has(shared)).toBe(true);
    expect(await ownerOf(shared)).toBe(uid('demo_manager'));

    // The refusals of the assignment itself, with its messages.
    const refusedPreview = (payload: Record<string, unknown>, status: number, message: string) =>
      refused('demo_manager', 'POST', '/user_register/preview_assign', payload, status, message);
    await refusedPreview({ userId: branch1, deviceIds: [shared, theirs] }, 403, 'You can assign only devices you own.');
    await refusedPreview({ userId: branch1, deviceIds: [shared, 987654] }, 404, 'Not found.');
    await refusedPreview({ userId: branch2, deviceIds: [shared] }, 403, 'This sub-manager is not yours.');
    await refusedPreview({ userId: branch1, deviceIds: [] }, 400, 'Choose at least one device.');
    await refusedPreview(
      { userId: branch1, deviceIds: Array.from({ length: 1001 }, (_, i) => i + 1) },
      400,
      'At most 1,000 devices in one batch.',
    );

    // Assigning ends exactly the shares the preview named: demo_helper loses `shared`, keeps `sharedTwice`.
    await ok('demo_manager', 'POST', '/user_register/assign_device', { userId: branch1, deviceId: shared });
    expect((await reachOf('demo_helper')).has(shared)).toBe(false);
    expect((await reachOf('demo_helper')).has(sharedTwice)).toBe(true);
    // A device already assigned to them is a repeat: nothing more to end.
    expect(await preview([shared])).toEqual({ devices: 0, sharedDevices: 0, losing: [] });
    // The recall gives the device back to the caller, not the share to the helper.
    await ok('demo_manager', 'POST', '/user_register/recall_assigned_device', { userId: branch1, deviceId: shared });
    expect(await ownerOf(shared)).toBe(uid('demo_manager'));
    expect((await reachOf('demo_helper')).has(shared)).toBe(false);
    expect(await preview([shared, sharedTwice])).toMatchObject({ devices: 2, sharedDevices: 1 });
    // Leave the helpers as they were for the tests after this one.
    await ok('demo_manager', 'POST', '/user_register/recall_all_shared_device', { userId: helper });
    await ok('demo_manager', 'POST', '/user_register/recall_all_shared_device', { userId: second });
  });

  it('claims a box for a sub-manager in one step', async () => {
    await t.app.db.updateTable('boxes').set({ ck: '5678' }).where('box_id', '=', 6306).execute();
    const result = (await ok('demo_manager', 'POST', '/user_register/register_device_to_user', {
      boxId: 6306,
      ck: '5678',
      userId: branch1,
    })) as {
      owner: string;
      devices: Array<{ id: number }>;
    };
    expect(result).toMatchObject({ owner: 'branch_mgr1', devices: [{ id: mine[5] }] });
    expect(await ownerOf(mine[5] ?? 0)).toBe(branch1);
    expect((await reachOf('demo_manager')).get(mine[5] ?? 0)).toMatchObject({ how: 'assigned' });
    await refused(
      'demo_manager',
      'POST',
      '/user_register/register_device_to_user',
      { boxId: 6305, ck: '5678', userId: branch2 },
      403,
      'This sub-manager is not yours.',
    );
  });
});
