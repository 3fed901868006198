import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportJob, ManagerRow } from '@dms/contract';
import { eventually } from './boxes.js';
import { body, buildTestApp, login, testDialects, userIds, type TestApp } from './helper.js';
import { addBranches, BRANCH_PASSWORDS, ownDevices, peopleCalls } from './people.js';

const dialects = await testDialects();

/**
 * Sub-managers as people (docs/people.md "The user tree", "Managing the users below"; docs/api.md): added below the
 * caller, named, given a template and a password, disabled, exported; refused to anyone but their parent. Assignment
 * is in usermanager-assignment.test.ts, the caller and CK calls in usermanager-caller.test.ts.
 */
describe.each(dialects)('sub-managers on %s', (dialect) => {
  let t: TestApp;
  let uid: (username: string) => number;
  const { tokens, passwords, call, ok, refused } = peopleCalls(() => t, new Map(BRANCH_PASSWORDS));
  /** demo_manager's devices (boxes 6301–6306). */
  let mine: number[] = [];
  /** The tree built by the tests: demo_manager → branch_mgr1 → branch_mgr2. */
  let branch1 = 0;
  let branch2 = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    uid = await userIds(t);
    mine = await ownDevices(t, 6301, 6306, 'demo_manager', uid('demo_manager'));
  });
  afterAll(async () => t.close());

  it('adds a sub-manager below the caller, lists it, and refuses a taken name and bad input with their messages', async () => {
    ({ branch1, branch2 } = await addBranches(ok));
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
