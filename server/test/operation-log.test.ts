import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, buildTestApp, DEMO_PASSWORD, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

interface Entry {
  username: string;
  action: string;
  target: string;
  outcome: string;
  ip: string;
  old_value: string | null;
  new_value: string | null;
}

describe.each(dialects)('operation log on %s', (dialect) => {
  let t: TestApp;
  const list = async (token: string, query = '') => {
    const res = await t.app.inject({ url: `/api/v2/datalog/operation-log${query}`, headers: bearer(token) });
    return { res, data: body(res).data as { total: number; items: Entry[] } };
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { LOGIN_LIMIT_PER_ADDRESS: '1000' });
    const helper = await login(t.app, 'demo_helper', DEMO_PASSWORD, '10.5.0.7');
    await t.app.inject({ url: '/api/v2/user/logout', headers: bearer(helper), remoteAddress: '10.5.0.7' });
    await t.app.inject({ method: 'POST', url: '/api/v2/user/login', payload: { username: 'demo_market', password: 'wrong-pass' } });
    const endUser = await login(t.app, 'demo_end_user');
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/changepassword',
      headers: bearer(endUser),
      payload: { oldPassword: 'wrong-old1', newPassword: 'whatever1' },
    });
  });
  afterAll(async () => t.close());

  it('records sign-in, sign-out, failed sign-in and failed password change, with no secret', async () => {
    const root = await login(t.app, 'demo_root');
    const { res, data } = await list(root);
    expect(res.statusCode).toBe(200);
    const summary = data.items.map((e) => `${e.username} ${e.action} ${e.outcome}`);
    expect(summary).toEqual([
      'demo_root user.login ok',
      'demo_end_user user.changePassword failed',
      'demo_end_user user.login ok',
      'demo_market user.login failed',
      'demo_helper user.logout ok',
      'demo_helper user.login ok',
    ]);
    expect(data.items.find((e) => e.action === 'user.logout')).toMatchObject({ target: 'demo_helper', ip: '10.5.0.7' });
    expect(JSON.stringify(data)).not.toContain('wrong-old1');
    expect(JSON.stringify(data)).not.toContain('whatever1');
  });

  it('shows a manager their own and their subordinates’ operations only', async () => {
    const manager = await login(t.app, 'demo_manager');
    const { data } = await list(manager);
    expect(new Set(data.items.map((e) => e.username))).toEqual(new Set(['demo_manager', 'demo_helper', 'demo_end_user']));
  });

  it('shows a helper only their own', async () => {
    const helper = await login(t.app, 'demo_helper');
    const { data } = await list(helper);
    expect(new Set(data.items.map((e) => e.username))).toEqual(new Set(['demo_helper']));
  });

  it('filters by action and pages', async () => {
    const root = await login(t.app, 'demo_root');
    const { data } = await list(root, '?action=user.logout&page=1&page_size=1');
    expect(data.total).toBe(1);
    expect(data.items).toHaveLength(1);
  });

  it('refuses a bad filter with the exact message, and answers 401 without a token', async () => {
    const root = await login(t.app, 'demo_root');
    const { res } = await list(root, '?action=user.explode');
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 40001, message: 'Invalid value for action' });
    const anon = await t.app.inject({ url: '/api/v2/datalog/operation-log' });
    expect(anon.statusCode).toBe(401);
  });
});
