import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, canAccess } from '@dms/contract';
import { bearer, body, buildTestApp, login, type TestApp } from './helper.js';

/**
 * Every call of people and templates (issue 12: /user_register, /device_user_permission, the CK calls of /user,
 * /permission-templates) is refused signed out (401), and refused by the access table (403, 40300) to every demo role
 * spec 6 keeps out of its area, before any input is read.
 */
describe('people and template calls: 401 and 403 for each', () => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  const ROLES: Array<[string, string]> = [
    ['demo_end_user', 'end_user'],
    ['demo_helper', 'helper'],
    ['demo_market', 'market'],
    ['demo_limited_admin', 'limited_admin'],
    ['demo_manager', 'manager'],
  ];
  const endpoints = [...Object.entries(api.usermanager), ...Object.entries(api.permissionTemplates)].map(([name, e]) => ({
    name,
    method: e.method,
    url: `/api/v2${e.path.replace(':id', '1')}`,
    access: e.access,
  }));

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    for (const [username] of ROLES) tokens.set(username, await login(t.app, username));
  });
  afterAll(async () => t.close());

  it('answers 401 to every call signed out', async () => {
    // Spec 7's 14 GET and 14 POST of /user_register, the 4 of /device_user_permission, the 2 CK calls of /user; our 6
    // (reset_manager_password, set_manager_disabled, hide_from_superior, get_manager, get_helper, preview_assign) and
    // the 5 template calls.
    const SPEC_GET =
      'get_level_models get_privilege_level check_is_admin get_helpers del_helper get_shared_devices get_unshared_devices get_managers get_assigned_devices get_unassigned_devices check_is_manager_or_user check_recall_dev_ck get_dev_ck_users get_helper_types';
    const SPEC_POST =
      'add_helper add_next_manager change_helper_password change_helper_model share_device share_all_device recall_shared_device recall_all_shared_device assign_device batch_assign_devices change_manager_model recall_assigned_device recall_all_assigned_device register_device_to_user';
    const declared = new Set(endpoints.map((e) => `${e.method} ${e.url}`));
    for (const name of SPEC_GET.split(' ')) expect(declared, name).toContain(`GET /api/v2/user_register/${name}`);
    for (const name of SPEC_POST.split(' ')) expect(declared, name).toContain(`POST /api/v2/user_register/${name}`);
    for (const name of [
      'del_device_user_permission',
      'add_device_user_permission',
      'del_all_device_user_permission',
      'add_all_device_user_permission',
    ])
      expect(declared, name).toContain(`POST /api/v2/device_user_permission/${name}`);
    expect(declared).toContain('GET /api/v2/user/check_is_ck_factory');
    expect(declared).toContain('POST /api/v2/user/resetCkUserPwd');
    expect(endpoints).toHaveLength(45);
    for (const e of endpoints) {
      const res = await t.app.inject({
        method: e.method,
        url: e.url,
        payload: e.method === 'GET' || e.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${e.method} ${e.url}`).toBe(401);
    }
  });

  it('answers 403 / 40300 to every role the access table keeps out', async () => {
    let denied = 0;
    for (const [username, role] of ROLES) {
      for (const e of endpoints) {
        if (canAccess([role], e.access)) continue;
        denied += 1;
        const res = await t.app.inject({
          method: e.method,
          url: e.url,
          headers: bearer(tokens.get(username) ?? ''),
          payload: e.method === 'GET' || e.method === 'DELETE' ? undefined : {},
        });
        expect(res.statusCode, `${username} ${e.method} ${e.url}`).toBe(403);
        expect(body(res).code, `${username} ${e.method} ${e.url}`).toBe(40300);
      }
    }
    // Each role but the manager is kept out of some: the check is not vacuous.
    expect(denied).toBeGreaterThan(100);
  });
});
