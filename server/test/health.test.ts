import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.js';
import { HealthService } from '../src/modules/health/service.js';
import { eventually } from './boxes.js';
import { body, buildTestApp, testDialects, type TestApp } from './helper.js';
import { available as redisAvailable, PrivateRedis } from './private-redis.js';

/**
 * GET /api/v2/health. It is public (access `public`, no session read): there is no 401 or 403 to test, and a token,
 * even a bad one, changes nothing. It answers up or down per part and nothing else (no versions, no hosts).
 */

const dialects = await testDialects();
const silent = { error: () => undefined, info: () => undefined } as unknown as ConstructorParameters<typeof HealthService>[2];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => {
        resolve(port);
      });
    });
  });
}

describe.each(dialects)('GET /api/v2/health on %s (embedded broker)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('answers 200 and the envelope with each part up, to anyone', async () => {
    const res = await t.app.inject({ url: '/api/v2/health' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 20000, message: 'ok', data: { status: 'up', parts: { database: 'up', broker: 'up' } } });
  });

  it('reads no session: a bad token answers the same (public: no 401 or 403 applies)', async () => {
    const res = await t.app.inject({ url: '/api/v2/health', headers: { authorization: 'Bearer not-a-token' } });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ status: 'up', parts: { database: 'up', broker: 'up' } });
  });

  it('says nothing beyond up or down per part', async () => {
    const res = await t.app.inject({ url: '/api/v2/health' });
    const b = res.json<Record<string, unknown>>();
    expect(Object.keys(b).sort()).toEqual(['code', 'data', 'message']);
    expect(res.body).not.toMatch(/version|host|127\.0\.0\.1|sqlite|postgres/i);
  });
});

describe('GET /api/v2/health with an external broker that is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on this port: the server starts anyway and keeps trying.
    const port = await freePort();
    t = await buildTestApp('sqlite', { MQTT_URL: `mqtt://127.0.0.1:${port}`, MQTT_CLIENT_ID: `dms-health-${process.pid}` });
  });
  afterAll(async () => t.close());

  it('answers 503 with the envelope, a translated message and the parts', async () => {
    const res = await t.app.inject({ url: '/api/v2/health', headers: { 'accept-language': 'zh' } });
    expect(res.statusCode).toBe(503);
    expect(body(res)).toEqual({
      code: 50300,
      message: '服务器依赖的部分组件不可用，请稍后重试。',
      data: { status: 'down', parts: { database: 'up', broker: 'down' } },
    });
    const en = await t.app.inject({ url: '/api/v2/health' });
    expect(body(en).message).toBe('A part the server needs is down; please try again later.');
  });
});

/** A database whose connections fail (`refuse`) or never come: every query fails or waits forever. */
function brokenDb(kind: 'refuse' | 'hang'): Kysely<Database> {
  const driver: Driver = {
    init: () => Promise.resolve(),
    acquireConnection: () =>
      kind === 'refuse' ? Promise.reject(new Error('connection refused')) : new Promise<DatabaseConnection>(() => undefined),
    beginTransaction: () => Promise.resolve(),
    commitTransaction: () => Promise.resolve(),
    rollbackTransaction: () => Promise.resolve(),
    releaseConnection: () => Promise.resolve(),
    destroy: () => Promise.resolve(),
  };
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
}

describe('HealthService', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-health-'));
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const sqlite = () => new Kysely<Database>({ dialect: new SqliteDialect({ database: new SqliteDatabase(path.join(dir, 'h.sqlite')) }) });

  it('is up when the database answers and the broker is connected', async () => {
    const db = sqlite();
    expect(await new HealthService(db, () => true, silent).check()).toEqual({ status: 'up', parts: { database: 'up', broker: 'up' } });
    await db.destroy();
  });

  it('is down when the broker is not connected', async () => {
    const db = sqlite();
    expect(await new HealthService(db, () => false, silent).check()).toEqual({
      status: 'down',
      parts: { database: 'up', broker: 'down' },
    });
    await db.destroy();
  });

  it('is down when the database fails', async () => {
    expect(await new HealthService(brokenDb('refuse'), () => true, silent).check()).toEqual({
      status: 'down',
      parts: { database: 'down', broker: 'up' },
    });
  });

  it('is down when the database does not answer within the timeout, and answers all waiting callers with one check', async () => {
    const health = new HealthService(brokenDb('hang'), () => true, silent, 100);
    const [a, b] = await Promise.all([health.check(), health.check()]);
    expect(a).toEqual({ status: 'down', parts: { database: 'down', broker: 'up' } });
    expect(b).toBe(a);
  });
});

describe.runIf(redisAvailable)('GET /api/v2/health with REDIS_URL', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  beforeAll(async () => {
    redis = new PrivateRedis(await freePort());
    await redis.start();
    t = await buildTestApp('sqlite', { REDIS_URL: redis.url, REDIS_PREFIX: 'health:' });
  });
  afterAll(async () => {
    await t.close();
    await redis.stop();
  });

  const parts = async () => {
    const res = await t.app.inject({ url: '/api/v2/health' });
    expect(res.statusCode).toBe(200);
    return body(res).data as { status: string; parts: Record<string, string> };
  };

  it('says whether Redis is up, without counting it in the status: an instance without Redis still serves', async () => {
    await eventually(async () => {
      expect(await parts()).toEqual({ status: 'up', parts: { database: 'up', broker: 'up', redis: 'up' } });
    });
    await redis.stop();
    await eventually(async () => {
      expect(await parts()).toEqual({ status: 'up', parts: { database: 'up', broker: 'up', redis: 'down' } });
    });
    await redis.start();
    await eventually(async () => {
      expect((await parts()).parts.redis).toBe('up');
    }, 15_000);
  });
});
