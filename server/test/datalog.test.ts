import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CLIENT_ERROR_LIMITS, endpoint } from '@dms/contract';
import { Kysely, Migrator, SqliteDialect, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../src/db/schema.js';
import { migrate } from '../src/db/migrations.js';
import { users0001 } from '../src/db/migrations/0001_users.js';
import { operationLog0002 } from '../src/db/migrations/0002_operation_log.js';
import { controllerTypes0003 } from '../src/db/migrations/0003_controller_types.js';
import { devices0004 } from '../src/db/migrations/0004_devices.js';
import { deviceFields0005 } from '../src/db/migrations/0005_device_fields.js';
import { route } from '../src/http/route.js';
import { CLIENT_ERRORS_KEPT } from '../src/modules/datalog/service.js';
import { bearer, body, buildTestApp, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

interface Page<T> {
  total: number;
  items: T[];
}
interface ClientErrorItem {
  id: number;
  message: string;
  username: string | null;
  url: string;
  user_agent: string;
}

describe.each(dialects)('datalog API on %s', (dialect) => {
  let t: TestApp;
  let root: string;
  let manager: string;
  const report = (token: string | null, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/datalog/client-error',
      headers: { ...(token ? bearer(token) : {}), ...headers },
      payload: payload as Record<string, unknown>,
    });
  const clientErrors = async (query = '') => {
    const res = await t.app.inject({ url: `/api/v2/datalog/client-errors${query}`, headers: bearer(root) });
    expect(res.statusCode).toBe(200);
    return body(res).data as Page<ClientErrorItem>;
  };
  const serverLogTotal = async () => {
    const res = await t.app.inject({ url: '/api/v2/datalog/server-log', headers: bearer(root) });
    return (body(res).data as Page<unknown>).total;
  };
  /** A minute of its own for the rate limit: the clock at its start. */
  const freshMinute = () => {
    t.clock.now = (Math.floor(t.clock.now / 60_000) + 1) * 60_000;
  };

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

  it('refuses a console error report without sign-in, and stores nothing', async () => {
    const res = await report(null, { message: 'anonymous flood' });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toMatchObject({ code: 50008 });
    const bad = await report('not-a-token', { message: 'anonymous flood' });
    expect(bad.statusCode).toBe(401);
    expect((await clientErrors()).items.map((i) => i.message)).not.toContain('anonymous flood');
  });

  it("stores a signed-in console's reports apart from the server log, and lists them for root, newest first", async () => {
    freshMinute();
    const before = await serverLogTotal();
    const token = await login(t.app, 'demo_manager');
    for (const n of [1, 2, 3]) {
      const res = await report(
        token,
        { message: `TypeError ${n}`, detail: 'at x (app.js:1:1)', url: '/dashboard' },
        { 'user-agent': 'TestBrowser/1' },
      );
      expect(body(res)).toEqual({ code: 20000, message: 'ok', data: null });
    }
    const data = await clientErrors('?page=1&page_size=2');
    expect(data.items.map((i) => i.message)).toEqual(['TypeError 3', 'TypeError 2']);
    expect(data.items[0]).toMatchObject({ username: 'demo_manager', url: '/dashboard', user_agent: 'TestBrowser/1' });
    expect(data.items[0]).not.toHaveProperty('user_id');
    // The server log keeps its own entries only.
    expect(await serverLogTotal()).toBe(before);
    const serverLog = await t.app.inject({ url: '/api/v2/datalog/server-log?page_size=200', headers: bearer(root) });
    expect(JSON.stringify(body(serverLog).data)).not.toContain('TypeError');
  });

  it('lists console errors for root only', async () => {
    expect((await t.app.inject({ url: '/api/v2/datalog/client-errors' })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/v2/datalog/client-errors', headers: bearer(manager) });
    expect(res.statusCode).toBe(403);
    expect(body(res)).toEqual({ code: 40300, message: 'You do not have permission to do this.' });
  });

  it('refuses a bad or oversized console report with the exact message', async () => {
    freshMinute();
    const token = await login(t.app, 'demo_helper');
    const empty = await report(token, { message: '' });
    expect(empty.statusCode).toBe(400);
    expect(body(empty)).toMatchObject({ code: 40001, message: 'Invalid value for message' });
    const long = await report(token, { message: 'x'.repeat(CLIENT_ERROR_LIMITS.message + 1) });
    expect(long.statusCode).toBe(400);
    expect(body(long)).toMatchObject({ code: 40001, message: 'Invalid value for message' });
    // Over the route's 16 KiB body limit (far below the server's 1 MiB): refused before it is parsed.
    const big = await report(token, { message: 'x', detail: 'y'.repeat(CLIENT_ERROR_LIMITS.bodyBytes) }, { 'accept-language': 'es' });
    expect(big.statusCode).toBe(413);
    expect(body(big)).toEqual({ code: 41300, message: 'La solicitud es demasiado grande.' });
  });

  it('takes 10 reports a minute per session, then answers 429 with the wait, and another session is not affected', async () => {
    freshMinute();
    const flooding = await login(t.app, 'demo_end_user');
    const other = await login(t.app, 'demo_end_user');
    for (let i = 0; i < CLIENT_ERROR_LIMITS.perSessionPerMinute; i++)
      expect((await report(flooding, { message: `flood ${i}` })).statusCode).toBe(200);
    t.clock.now += 15_000;
    const refused = await report(flooding, { message: 'one too many' });
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toEqual({
      code: 42900,
      message: 'Too many requests. Please try again in 45 seconds.',
      data: { retryAfterSeconds: 45 },
    });
    expect(refused.headers['retry-after']).toBe('45');
    expect((await report(other, { message: 'from another session' })).statusCode).toBe(200);
    const messages = (await clientErrors('?page_size=50')).items.map((i) => i.message);
    expect(messages).not.toContain('one too many');
    expect(messages).toContain('from another session');
    // The next minute, the session may report again.
    freshMinute();
    expect((await report(flooding, { message: 'next minute' })).statusCode).toBe(200);
  });

  it(`keeps only the newest ${CLIENT_ERRORS_KEPT} console errors, and a flood of them leaves the server log alone`, async () => {
    freshMinute();
    const serverEntries = await serverLogTotal();
    expect(serverEntries).toBeGreaterThan(0);
    const rows = Array.from({ length: CLIENT_ERRORS_KEPT }, (_, i) => ({
      time: t.clock.now,
      user_id: null,
      username: 'demo_manager',
      message: `old ${i}`,
      detail: '',
      url: '',
      user_agent: '',
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await t.app.db
        .insertInto('client_errors')
        .values(rows.slice(i, i + 1000))
        .execute();
    const oldest = await t.app.db
      .selectFrom('client_errors')
      .select((eb) => eb.fn.min('id').as('id'))
      .executeTakeFirstOrThrow();
    const token = await login(t.app, 'demo_manager');
    expect((await report(token, { message: 'newest' })).statusCode).toBe(200);
    const page = await clientErrors('?page_size=1');
    expect(page.total).toBe(CLIENT_ERRORS_KEPT);
    expect(page.items[0]?.message).toBe('newest');
    const left = await t.app.db.selectFrom('client_errors').select('id').where('id', '=', oldest.id).executeTakeFirst();
    expect(left).toBeUndefined();
    expect(await serverLogTotal()).toBe(serverEntries);
  });

  it('refuses bad paging with the exact message', async () => {
    for (const url of ['/api/v2/datalog/server-log?page=0', '/api/v2/datalog/client-errors?page_size=201']) {
      const res = await t.app.inject({ url, headers: bearer(root) });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toMatch(/^Invalid value for page/);
    }
  });

  it('answers 401 without a token and 403 to a manager', async () => {
    expect((await t.app.inject({ url: '/api/v2/datalog/server-log' })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/v2/datalog/server-log', headers: bearer(manager) });
    expect(res.statusCode).toBe(403);
    expect(body(res)).toEqual({ code: 40300, message: 'You do not have permission to do this.' });
  });
});

describe('migration 0006', () => {
  it('moves the console reports of the server log to client_errors, and leaves the server errors', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-0006-'));
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SqliteDatabase(path.join(dir, 'db.sqlite')) }) });
    try {
      const before: Record<string, Migration> = {
        '0001_users': users0001('sqlite'),
        '0002_operation_log': operationLog0002('sqlite'),
        '0003_controller_types': controllerTypes0003('sqlite'),
        '0004_devices': devices0004('sqlite'),
        '0005_device_fields': deviceFields0005('sqlite'),
      };
      const { error } = await new Migrator({ db, provider: { getMigrations: () => Promise.resolve(before) } }).migrateToLatest();
      expect(error).toBeUndefined();
      const legacy = { level: 'error', detail: 'stack', url: '/x' };
      await db
        .insertInto('server_log')
        // The 'console' source is gone from the schema's type; old databases have such rows.
        .values([
          { ...legacy, time: 1, source: 'server', message: 'server failure', username: null },
          { ...legacy, time: 2, source: 'console' as 'server', message: 'console failure', username: 'demo_root' },
          { ...legacy, time: 3, source: 'console' as 'server', message: 'anonymous console failure', username: null },
        ])
        .execute();
      expect(await migrate(db, 'sqlite')).toContain('0006_client_errors');
      expect(await db.selectFrom('server_log').select(['source', 'message']).execute()).toEqual([
        { source: 'server', message: 'server failure' },
      ]);
      expect(await db.selectFrom('client_errors').select(['time', 'username', 'message', 'detail', 'url']).orderBy('id').execute()).toEqual(
        [
          { time: 2, username: 'demo_root', message: 'console failure', detail: 'stack', url: '/x' },
          { time: 3, username: null, message: 'anonymous console failure', detail: 'stack', url: '/x' },
        ],
      );
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
