import { endpoint } from '@dms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from '../src/http/route.js';
import { bearer, body, buildTestApp, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

describe.each(dialects)('datalog API on %s', (dialect) => {
  let t: TestApp;
  let root: string;
  let manager: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { LOGIN_LIMIT_PER_ADDRESS: '1000' });
    const boom = endpoint({
      method: 'GET',
      path: '/__boom',
      access: 'public',
      optionalSession: true,
      response: z.null(),
      tags: ['test'],
      summary: 'fails',
    });
    route(t.app, boom, () => {
      throw new Error('secret internal detail: db password is hunter2');
    });
    root = await login(t.app, 'demo_root');
    manager = await login(t.app, 'demo_manager');
  });
  afterAll(async () => t.close());

  it('hides internals of a 5xx and records it in the server log', async () => {
    const res = await t.app.inject({ url: '/api/v2/__boom', headers: { ...bearer(manager), 'accept-language': 'ja' } });
    expect(res.statusCode).toBe(500);
    expect(body(res)).toEqual({ code: 50000, message: 'サーバーでエラーが発生しました。しばらくしてから再試行してください。' });
    expect(res.body).not.toContain('hunter2');
    const list = await t.app.inject({ url: '/api/v2/datalog/server-log?source=server', headers: bearer(root) });
    const data = body(list).data as { total: number; items: Array<{ message: string; username: string; url: string }> };
    expect(data.total).toBe(1);
    expect(data.items[0]).toMatchObject({
      message: 'secret internal detail: db password is hunter2',
      username: 'demo_manager',
      url: '/api/v2/__boom',
    });
  });

  it('takes console error reports without sign-in and lists them for root, newest first', async () => {
    for (const n of [1, 2, 3]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/datalog/client-error',
        payload: { message: `TypeError ${n}`, detail: 'at x (app.js:1:1)', url: '/dashboard' },
      });
      expect(body(res)).toEqual({ code: 20000, message: 'ok', data: null });
    }
    const res = await t.app.inject({ url: '/api/v2/datalog/server-log?source=console&page=1&page_size=2', headers: bearer(root) });
    expect(res.statusCode).toBe(200);
    const data = body(res).data as { total: number; items: Array<{ message: string; source: string; username: string | null }> };
    expect(data.total).toBe(3);
    expect(data.items.map((i) => i.message)).toEqual(['TypeError 3', 'TypeError 2']);
    expect(data.items[0]).toMatchObject({ source: 'console', username: null });
  });

  it('refuses a bad console report with the exact message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/datalog/client-error', payload: { message: '' } });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 40001, message: 'Invalid value for message' });
  });

  it('refuses bad paging with the exact message', async () => {
    const res = await t.app.inject({ url: '/api/v2/datalog/server-log?page=0', headers: bearer(root) });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 40001, message: 'Invalid value for page' });
  });

  it('answers 401 without a token and 403 to a manager', async () => {
    expect((await t.app.inject({ url: '/api/v2/datalog/server-log' })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/v2/datalog/server-log', headers: bearer(manager) });
    expect(res.statusCode).toBe(403);
    expect(body(res)).toEqual({ code: 40300, message: 'You do not have permission to do this.' });
  });
});
