import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignPreview, DevCkUsers, ExportJob, ManagerDeviceRow, ManagerRow, RecallCheck } from '@dms/contract';
import { refreshReachForBoxes } from '../src/access/reach.js';
import { eventually, registerBoxes } from './boxes.js';
import { bearer, body, buildTestApp, insertDevice, login, testDialects, userIds, type TestApp } from './helper.js';

const dialects = await testDialects();

/** docs/people.md "The user tree", "Assignment", "Recall", "Hidden from superior", "CK groups"; docs/api.md. */
describe.each(dialects)('sub-managers and assignment on %s', (dialect) => {
  let t: TestApp;
  let uid: (username: string) => number;
  const tokens = new Map<string, string>();
  /** Users made by the tests sign in with their own password; the demo accounts with the demo password. */
  const passwords = new Map([
    ['branch_mgr1', 'secret123'],
    ['branch_mgr2', 'secret123'],
    ['branch_helper', 'secret123'],
  ]);
  /** demo_manager's devices (boxes 6301–6306), and one of demo_market's. */
  let mine: number[] = [];
  let theirs = 0;
  /** The tree built by the tests: demo_manager → branch_mgr1 → branch_mgr2. */
  let branch1 = 0;
  let branch2 = 0;

  const token = async (username: string) => {
    const known = tokens.get(username);
    if (known) return known;
    const fresh = await login(t.app, username, passwords.get(username));
    tokens.set(username, fresh);
    return fresh;
  };
  const call = async (username: string | null, method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url: `/api/v2${path}`,
      headers: { ...(username ? bearer(await token(username)) : {}), 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
  const ok = async (username: string, method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) => {
    const res = await call(username, method, path, payload);
    expect(body(res), `${method} ${path}`).toMatchObject({ code: 20000 });
    return body(res).data;
  };
  const refused = async (
    username: string,
    method: 'GET' | 'POST',
    path: string,
    payload: Record<string, unknown> | undefined,
    status: number,
    message: string,
  ) => {
    const res = await call(username, method, path, payload);
    expect(res.statusCode, message).toBe(status);
    expect(body(res).message, path).toBe(message);
  };
  const devicesOf = async (username: string, userId: number, assigned: boolean) =>
    (
      (await ok(username, 'GET', `/user_register/get_${assigned ? '' : 'un'}assigned_devices?userId=${userId}&page_size=100`)) as {
        items: ManagerDeviceRow[];
      }
    ).items;
  const reachOf = async (username: string) =>
    new Map(
      (
        (await ok(username, 'GET', '/devices?page_size=100')) as {
          items: Array<{ id: number; reach: { how: string; data: boolean; hidden: boolean; assignedBy: string | null } }>;
        }
      ).items.map((d) => [d.id, d.reach]),
    );
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
    await registerBoxes(t.app, 6301, 6306, 'demo_manager');
    await registerBoxes(t.app, 6307, 6307, 'demo_market');
    for (const box of [6301, 6302, 6303, 6304, 6305, 6306])
      mine.push(await insertDevice(t, { box_id: box, controller: 1, owner_id: uid('demo_manager'), status: 'online', fault: 0, alert: 0 }));
    theirs = await insertDevice(t, { box_id: 6307, controller: 1, owner_id: uid('demo_market'), status: 'online', fault: 0, alert: 0 });
    mine = mine.sort((a, b) => a - b);
  });
  afterAll(async () => t.close());

  it('adds a sub-manager below the caller, lists it, and refuses a taken name and bad input with their messages', async () => {
    branch1 = (
      (await ok('demo_manager', 'POST', '/user_register/add_next_manager', {
        username: 'branch_mgr1',
        password: 'secret123',
        name: 'Li Wei',
        company: '苏州分公司',
        phone: '138 0000 0002',
        remark: 'east plant',
      })) as { id: number }
    ).id;
    const page = (await ok('demo_manager', 'GET', '/user_register/get_managers?q=苏州')) as { total: number; items: ManagerRow[] };
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      id: branch1,
      username: 'branch_mgr1',
      company: '苏州分公司',
      ck: '2001',
      disabled: false,
      template: null,
      assignedDevices: 0,
    });
    const stored = await t.app.db
      .selectFrom('users')
      .select(['parent_id', 'roles', 'level', 'is_manager'])
      .where('id', '=', branch1)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ parent_id: uid('demo_manager'), roles: '["manager"]', level: 6, is_manager: 1 });
    branch2 = (
      (await ok('branch_mgr1', 'POST', '/user_register/add_next_manager', {
        username: 'branch_mgr2',
        password: 'secret123',
        ck: '4321',
      })) as { id: number }
    ).id;
    // demo_manager manages only their children: branch_mgr2 is branch_mgr1's.
    expect(
      ((await ok('demo_manager', 'GET', '/user_register/get_managers')) as { items: ManagerRow[] }).items.map((m) => m.username),
    ).toEqual(['branch_mgr1', 'demo_submanager']);
    expect(((await ok('branch_mgr1', 'GET', '/user_register/get_managers')) as { items: ManagerRow[] }).items[0]).toMatchObject({
      username: 'branch_mgr2',
      ck: '4321',
    });

    const bad: Array<[Record<string, unknown>, string]> = [
      [{ username: 'branch_mgr1', password: 'secret123' }, 'This user name is already taken.'],
      [{ username: 'ab', password: 'secret123' }, 'User name must be a 6-20 digit number or character!'],
      [{ username: 'branch_mgr9', password: '12' }, 'Password must be a 6-20 digit number or character!'],
      [{ username: 'branch_mgr9', password: 'secret123', ck: '12a4' }, 'CK code must be four digits!'],
      [{ username: 'branch_mgr9', password: 'secret123', templateId: 999 }, 'No such permission template.'],
    ];
    for (const [payload, message] of bad) await refused('demo_manager', 'POST', '/user_register/add_next_manager', payload, 400, message);
  });

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

  it('names a sub-manager for the page of their devices, and refuses anyone else’s alike', async () => {
    expect(await ok('demo_manager', 'GET', `/user_register/get_manager?userId=${branch1}`)).toEqual({
      id: branch1,
      username: 'branch_mgr1',
      name: 'Li Wei',
      company: '苏州分公司',
    });
    // A grandchild, a helper, someone above and an id that is nobody's: the same 403.
    for (const userId of [branch2, uid('demo_helper'), uid('demo_root'), 987654])
      await refused('demo_manager', 'GET', `/user_register/get_manager?userId=${userId}`, undefined, 403, 'This sub-manager is not yours.');
    await refused(
      'demo_manager',
      'GET',
      '/user_register/get_manager?userId=x',
      undefined,
      400,
      'Please fill in userId with a positive integer',
    );
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

  it("changes a sub-manager's template and password, disables and enables them, and refuses someone else's user", async () => {
    const readOnly = (
      await t.app.db.selectFrom('permission_templates').select('id').where('builtin', '=', 'read-only').executeTakeFirstOrThrow()
    ).id;
    const full = (await t.app.db.selectFrom('permission_templates').select('id').where('builtin', '=', 'full').executeTakeFirstOrThrow())
      .id;
    await ok('demo_manager', 'POST', '/user_register/change_manager_model', { userId: branch1, templateId: readOnly });
    expect(
      ((await ok('demo_manager', 'GET', '/user_register/get_managers?q=branch_mgr1')) as { items: ManagerRow[] }).items[0]?.template,
    ).toEqual({
      id: readOnly,
      name: 'Read only',
      builtin: 'read-only',
    });
    // Full control is offered at level 1 only: a manager (level 6) may not give it.
    await refused(
      'demo_manager',
      'POST',
      '/user_register/change_manager_model',
      { userId: branch1, templateId: full },
      400,
      'No such permission template.',
    );
    await ok('demo_manager', 'POST', '/user_register/reset_manager_password', { userId: branch1, password: 'fresh1234' });
    passwords.set('branch_mgr1', 'fresh1234');
    tokens.set('branch_mgr1', await login(t.app, 'branch_mgr1', 'fresh1234'));
    await refused(
      'demo_manager',
      'POST',
      '/user_register/reset_manager_password',
      { userId: branch1, password: '' },
      400,
      'Password cannot be empty!',
    );
    await ok('demo_manager', 'POST', '/user_register/set_manager_disabled', { userId: branch1, disabled: true });
    expect((await call('branch_mgr1', 'GET', '/user/info')).statusCode).toBe(401);
    await expect(login(t.app, 'branch_mgr1', 'fresh1234')).rejects.toThrow();
    expect(
      ((await ok('demo_manager', 'GET', '/user_register/get_managers?state=disabled')) as { items: ManagerRow[] }).items.map(
        (m) => m.username,
      ),
    ).toEqual(['branch_mgr1']);
    await ok('demo_manager', 'POST', '/user_register/set_manager_disabled', { userId: branch1, disabled: false });
    tokens.set('branch_mgr1', await login(t.app, 'branch_mgr1', 'fresh1234'));
    const actions = (await t.app.db.selectFrom('operation_log').select('action').where('target', '=', 'branch_mgr1').execute()).map(
      (r) => r.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['manager.template', 'manager.password', 'manager.disable', 'manager.enable']));

    // Not above them: branch_mgr2 belongs to branch_mgr1, and demo_submanager is not demo_afterSales's.
    await refused(
      'demo_manager',
      'POST',
      '/user_register/reset_manager_password',
      { userId: branch2, password: 'fresh1234' },
      403,
      'This sub-manager is not yours.',
    );
    await refused(
      'branch_mgr1',
      'POST',
      '/user_register/set_manager_disabled',
      { userId: uid('demo_manager'), disabled: true },
      403,
      'This sub-manager is not yours.',
    );
    await refused(
      'demo_afterSales',
      'GET',
      `/user_register/get_assigned_devices?userId=${uid('demo_submanager')}`,
      undefined,
      403,
      'This sub-manager is not yours.',
    );
    await refused(
      'demo_manager',
      'POST',
      '/user_register/assign_device',
      { userId: uid('demo_helper'), deviceId: mine[3] },
      403,
      'This sub-manager is not yours.',
    );
    await refused(
      'demo_manager',
      'POST',
      '/user_register/assign_device',
      { userId: 'x', deviceId: mine[3] },
      400,
      'Please fill in userId with a positive integer',
    );
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

  it('exports the sub-managers to .xlsx with the list’s search', async () => {
    const res = await call('demo_manager', 'POST', '/exports', { kind: 'managers', filter: { q: 'branch' }, tz: 'Asia/Shanghai' });
    const id = (body(res).data as ExportJob).id;
    const job = await eventually(async () => {
      const j = body(await call('demo_manager', 'GET', `/exports/${id}`)).data as ExportJob;
      expect(j.state).toBe('ready');
      return j;
    });
    expect(job.total).toBe(1);
    const file = await call('demo_manager', 'GET', `/exports/${id}/file`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.name).toBe('Sub-managers');
    expect(ws?.getRow(1).values).toEqual(
      expect.arrayContaining(['User name', 'Company', 'Assigned devices', 'Registered (Asia/Shanghai)']),
    );
    expect(ws?.getRow(2).getCell(1).value).toBe('branch_mgr1');
    expect(ws?.getRow(2).getCell(3).value).toBe('苏州分公司');
    expect(ws?.rowCount).toBe(2);
    // An end user has no sub-managers to export.
    expect((await call('demo_end_user', 'POST', '/exports', { kind: 'managers', filter: {}, tz: 'UTC' })).statusCode).toBe(403);
  });

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

  it('is for the roles of the access table (403) and signed-in users (401)', async () => {
    const calls: Array<['GET' | 'POST', string, Record<string, unknown>?]> = [
      ['GET', '/user_register/get_managers'],
      ['POST', '/user_register/add_next_manager', { username: 'x_manager1', password: 'secret123' }],
      ['GET', `/user_register/get_manager?userId=${branch1}`],
      ['GET', `/user_register/get_assigned_devices?userId=${branch1}`],
      ['POST', '/user_register/preview_assign', { userId: branch1, deviceIds: [mine[4]] }],
      ['POST', '/user_register/assign_device', { userId: branch1, deviceId: mine[4] }],
      ['POST', '/user_register/recall_all_assigned_device', { userId: branch1 }],
    ];
    for (const [method, path, payload] of calls) {
      expect((await call(null, method, path, payload)).statusCode, path).toBe(401);
      for (const username of ['demo_end_user', 'demo_limited_admin', 'demo_helper', 'demo_market']) {
        const res = await call(username, method, path, payload);
        expect(res.statusCode, `${username} ${path}`).toBe(403);
        expect(body(res), username).toMatchObject({ code: 40300 });
      }
    }
    // afterSales sees sub-managers (edit-manager) but may not add one (add-manager is manager's and afterSalesPlus's).
    expect((await call('demo_afterSales', 'GET', '/user_register/get_managers')).statusCode).toBe(200);
    expect(
      (await call('demo_afterSales', 'POST', '/user_register/add_next_manager', { username: 'x_manager1', password: 'secret123' }))
        .statusCode,
    ).toBe(403);
  });
});
