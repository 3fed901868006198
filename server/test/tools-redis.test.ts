import { Redis } from 'ioredis';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CacheKeyDetail, CacheKeysPage, CacheOverview, ExportJob } from '@dms/contract';
import { connectBox, data, eventually, hello, registerBoxes, send } from './boxes.js';
import { apiAs, buildTestApp, login, type TestApp } from './helper.js';
import { freePort } from './private-mosquitto.js';
import { available, PrivateRedis } from './private-redis.js';
import { reg } from './registers.js';

const PRESSURE = reg('screw-compressor', 'discharge_pressure');
const MACHINE_REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Signs in with a wrong password from an address: the sign-in protection counts it. */
async function failSignIn(t: TestApp, username: string, ip: string): Promise<void> {
  await t.app.inject({ method: 'POST', url: '/api/v2/user/login', payload: { username, password: 'wrong-password' }, remoteAddress: ip });
}

/** A box of demo_manager's with one compressor that reported `pressure`. */
async function reportingBox(t: TestApp, boxId: number, pressure: number): Promise<MqttClient> {
  const [box] = await registerBoxes(t.app, boxId, boxId);
  if (!box) throw new Error('not registered');
  const client = await connectBox(t.app.mqttPort, box);
  await send(client, boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
  await send(client, boxId, 'data', data(t.clock.now - 1000, { '1': { [PRESSURE]: pressure } }));
  return client;
}

/** Starts an export of the controller types as root and waits until its file is written. */
async function exported(api: ReturnType<typeof apiAs>): Promise<ExportJob> {
  const job = await api.ok<ExportJob>('root', 'POST', '/exports', { kind: 'controller-types', filter: {}, tz: 'UTC' });
  return eventually(async () => {
    const seen = await api.ok<ExportJob>('root', 'GET', `/exports/${job.id}`);
    expect(seen.state).toBe('ready');
    return seen;
  });
}

describe('the cache tool without Redis: this server memory, read-only', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiAs>;
  let box: MqttClient;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    api = apiAs(() => t.app, { root: await login(t.app, 'demo_root'), manager: await login(t.app, 'demo_manager') });
    box = await reportingBox(t, 7101, 72);
  });
  afterAll(async () => {
    await box.endAsync(true);
    await t.close();
  });

  it('shows each group from memory, and says that it is memory', async () => {
    await failSignIn(t, 'demo_helper', '10.9.0.1');
    await failSignIn(t, 'demo_helper', '10.9.0.1');
    const job = await exported(api);
    const overview = await api.ok<CacheOverview>('root', 'GET', '/tools/redis');
    expect(overview).toMatchObject({ mode: 'memory', prefix: '', server: null, channels: [] });
    const group = (name: string) => overview.groups.find((g) => g.group === name);
    expect(group('login')).toEqual({ group: 'login', pattern: 'login:', where: 'memory', keys: 3, capped: false, deletable: false });
    expect(group('members')).toMatchObject({ keys: 1, deletable: false });
    expect(group('export')).toMatchObject({ keys: 1 });
    expect(group('export-file')).toMatchObject({ keys: 1 });
    expect(group('values')).toMatchObject({ where: 'memory', keys: 1 });

    const logins = await api.ok<CacheKeysPage>('root', 'GET', '/tools/redis/keys?group=login');
    expect(logins.items.map((k) => k.key)).toEqual([
      'login:address:10.9.0.1',
      'login:pair:demo_helper@10.9.0.1',
      'login:username:demo_helper',
    ]);
    expect(logins.items[0]).toMatchObject({ type: 'zset', bytes: expect.any(Number) as number });
    expect(logins.items[0]?.ttlMs).toBeGreaterThan(0);
    const failures = await api.ok<CacheKeyDetail>('root', 'GET', '/tools/redis/key?key=login:address:10.9.0.1');
    expect(failures).toMatchObject({ group: 'login', format: 'failures', total: 2 });
    expect(failures.rows.map((r) => r.name)).toEqual(['2', '1']);

    const file = await api.ok<CacheKeyDetail>('root', 'GET', `/tools/redis/key?key=export-file:${job.id}`);
    expect(file.rows).toEqual([
      { name: 'bytes', text: String(file.bytes), time: null },
      { name: 'kind', text: 'xlsx', time: null },
    ]);
    const values = await api.ok<CacheKeyDetail>('root', 'GET', '/tools/redis/key?key=values:7101');
    expect(values).toMatchObject({ format: 'values', type: 'map', total: 1 });
    expect(values.rows).toEqual([{ name: `1/${PRESSURE}`, text: '72', time: t.clock.now - 1000 }]);
    const members = await api.ok<CacheKeyDetail>('root', 'GET', '/tools/redis/key?key=members');
    expect(members.rows).toEqual([{ name: `* ${t.app.members.self}`, text: 'retention, rollups, sessions', time: null }]);
  });

  it('finds keys by a part of the name, and pages them', async () => {
    const page = await api.ok<CacheKeysPage>('root', 'GET', '/tools/redis/keys?group=login&q=pair&page=1&page_size=20');
    expect(page).toMatchObject({ total: 1, capped: false });
    const past = await api.ok<CacheKeysPage>('root', 'GET', '/tools/redis/keys?group=login&page=2&page_size=2');
    expect(past.items.map((k) => k.key)).toEqual(['login:username:demo_helper']);
  });

  it('deletes nothing, and says why, in the language asked', async () => {
    await api.refused(
      'root',
      'POST',
      '/tools/redis/key/delete',
      { key: 'login:address:10.9.0.1', confirm: true },
      {
        status: 400,
        code: 40111,
        message: 'Without Redis (REDIS_URL) this server keeps its state in its own memory, and the cache tool only shows it.',
      },
    );
    const zh = await api.call('root', 'POST', '/tools/redis/keys/delete', { group: 'login' }, 'zh');
    expect(zh.json()).toMatchObject({
      code: 40111,
      message: '未配置 Redis（REDIS_URL）时，本服务器的状态保存在自身内存中，缓存工具只能查看。',
    });
    await api.refused(
      'root',
      'POST',
      '/tools/redis/key/delete',
      { key: 'values:7101' },
      {
        status: 400,
        code: 40111,
        message: "The latest values are kept in each server's memory, not in Redis: there is nothing to delete.",
      },
    );
    // Still there.
    await api.ok('root', 'GET', '/tools/redis/key?key=login:address:10.9.0.1');
  });

  it('refuses a name outside the product, and says when a key is gone', async () => {
    await api.refused('root', 'GET', '/tools/redis/key?key=other:thing', undefined, {
      status: 400,
      code: 40001,
      message: "Name one of the product's keys: members, or a key that begins with login:, export:, export-file: or values:.",
    });
    await api.refused('root', 'GET', '/tools/redis/keys?group=sessions', undefined, { status: 400, code: 40001 });
    await api.refused('root', 'GET', '/tools/redis/key?key=login:address:10.9.9.9', undefined, {
      status: 404,
      code: 40400,
      message: 'The key login:address:10.9.9.9 is not there any more: it expired or was deleted.',
    });
  });

  it('logs who read which key', async () => {
    await api.ok('root', 'GET', '/tools/redis/key?key=members');
    const row = await t.app.db
      .selectFrom('operation_log')
      .select(['username', 'action', 'target'])
      .where('action', '=', 'tools.redisRead')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ username: 'demo_root', action: 'tools.redisRead', target: 'members' });
  });
});

describe("the cache tool with Redis: the product's keys, deleted when confirmed", () => {
  const run = `${process.pid}${Date.now().toString(36)}`;
  const prefix = `tools${run}:`;
  let t: TestApp;
  let api: ReturnType<typeof apiAs>;
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(MACHINE_REDIS, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    t = await buildTestApp('sqlite', { REDIS_URL: MACHINE_REDIS, REDIS_PREFIX: prefix });
    api = apiAs(() => t.app, { root: await login(t.app, 'demo_root') });
  });
  afterAll(async () => {
    await t.close();
    const left = await redis.keys(`${prefix}*`);
    if (left.length > 0) await redis.del(...left);
    await redis.del(`other${run}:login:address:1`);
    redis.disconnect();
  });

  it("shows Redis's keys of each group, the server and the channels", async () => {
    await failSignIn(t, 'demo_helper', '10.8.0.1');
    await exported(api);
    const overview = await api.ok<CacheOverview>('root', 'GET', '/tools/redis');
    expect(overview).toMatchObject({ mode: 'redis', prefix });
    expect(overview.server?.version).toMatch(/^\d+\.\d+/);
    expect(overview.channels.map((c) => c.name)).toContain('bus');
    const group = (name: string) => overview.groups.find((g) => g.group === name);
    expect(group('login')).toEqual({ group: 'login', pattern: `${prefix}login:`, where: 'redis', keys: 3, capped: false, deletable: true });
    expect(group('members')).toMatchObject({ where: 'redis', keys: 1, deletable: false });
    expect(group('export')).toMatchObject({ where: 'redis', keys: 1, deletable: true });
    expect(group('export-file')).toMatchObject({ where: 'redis', keys: 1 });
    // The latest values are in each instance's memory, never in Redis.
    expect(group('values')).toMatchObject({ where: 'memory', deletable: false });

    const [fileKey] = (await api.ok<CacheKeysPage>('root', 'GET', '/tools/redis/keys?group=export-file')).items;
    const file = await api.ok<CacheKeyDetail>('root', 'GET', `/tools/redis/key?key=${fileKey?.key ?? ''}`);
    expect(file).toMatchObject({ format: 'file', type: 'string', rows: [{ name: 'bytes' }, { name: 'kind', text: 'xlsx' }] });
    expect(file.ttlMs).toBeGreaterThan(0);
    const [jobKey] = (await api.ok<CacheKeysPage>('root', 'GET', '/tools/redis/keys?group=export')).items;
    const job = await api.ok<CacheKeyDetail>('root', 'GET', `/tools/redis/key?key=${jobKey?.key ?? ''}`);
    expect(job.format).toBe('fields');
    expect(job.rows).toContainEqual({ name: 'state', text: 'ready', time: null });
    expect(job.rows.find((r) => r.name === 'startedAt')?.time).toEqual(expect.any(Number));
    const members = await api.ok<CacheKeyDetail>('root', 'GET', '/tools/redis/key?key=members');
    expect(members.rows).toEqual([
      { name: `* ${t.app.members.self}`, text: 'retention, rollups, sessions', time: expect.any(Number) as number },
    ]);
  });

  it('lists in name order and pages; a key named with a glob character is found as it is', async () => {
    for (let i = 1; i <= 12; i++) await redis.zadd(`${prefix}login:address:192.0.2.${i}`, Date.now(), `m${i}`);
    await redis.zadd(`${prefix}login:username:a*b`, Date.now(), 'm');
    const page = await api.ok<CacheKeysPage>('root', 'GET', '/tools/redis/keys?group=login&q=192.0.2.&page=2&page_size=5');
    expect(page.total).toBe(12);
    expect(page.items.map((k) => k.key)).toEqual([6, 7, 8, 9, 10].map((i) => `login:address:192.0.2.${i}`));
    expect(page.items[0]).toMatchObject({ type: 'zset', ttlMs: null, bytes: expect.any(Number) as number });
    const star = await api.ok<CacheKeysPage>('root', 'GET', '/tools/redis/keys?group=login&q=a*b');
    expect(star.items.map((k) => k.key)).toEqual(['login:username:a*b']);
  });

  it('deletes one key after confirming it, and logs it', async () => {
    const key = 'login:address:192.0.2.1';
    const warning = await api.call('root', 'POST', '/tools/redis/key/delete', { key });
    expect(warning.json()).toMatchObject({ code: 20004, message: `The key ${key} will be deleted. It cannot be undone. Continue?` });
    expect(await redis.exists(`${prefix}${key}`)).toBe(1);
    expect(await api.ok('root', 'POST', '/tools/redis/key/delete', { key, confirm: true })).toEqual({ deleted: 1 });
    expect(await redis.exists(`${prefix}${key}`)).toBe(0);
    await api.refused(
      'root',
      'POST',
      '/tools/redis/key/delete',
      { key, confirm: true },
      {
        status: 404,
        code: 40400,
        message: `The key ${key} is not there any more: it expired or was deleted.`,
      },
    );
    const row = await t.app.db
      .selectFrom('operation_log')
      .select(['action', 'target', 'new_value'])
      .where('action', '=', 'tools.redisDelete')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ action: 'tools.redisDelete', target: key, new_value: '1 deleted' });
  });

  it("deletes a group's matching keys after confirming the count, and never a key outside the prefix", async () => {
    await redis.zadd(`other${run}:login:address:1`, Date.now(), 'm');
    const warning = await api.call('root', 'POST', '/tools/redis/keys/delete', { group: 'login', q: '192.0.2.' });
    expect(warning.json()).toMatchObject({
      code: 20004,
      message: `11 key(s) under ${prefix}login: with "192.0.2." in the name will be deleted. It cannot be undone. Continue?`,
    });
    expect(await api.ok('root', 'POST', '/tools/redis/keys/delete', { group: 'login', q: '192.0.2.', confirm: true })).toEqual({
      deleted: 11,
    });
    expect(await redis.keys(`${prefix}login:address:192.0.2.*`)).toEqual([]);
    const all = await api.call('root', 'POST', '/tools/redis/keys/delete', { group: 'login' });
    expect(all.json()).toMatchObject({
      code: 20004,
      message: `4 key(s) under ${prefix}login: will be deleted. It cannot be undone. Continue?`,
    });
    expect(await api.ok('root', 'POST', '/tools/redis/keys/delete', { group: 'login', confirm: true })).toEqual({ deleted: 4 });
    expect(await redis.exists(`other${run}:login:address:1`)).toBe(1);
    await api.refused(
      'root',
      'POST',
      '/tools/redis/keys/delete',
      { group: 'login', confirm: true },
      {
        status: 400,
        code: 40111,
        message: 'No key matches, so nothing was deleted.',
      },
    );
    const row = await t.app.db
      .selectFrom('operation_log')
      .select(['target', 'new_value'])
      .where('action', '=', 'tools.redisDelete')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ target: `${prefix}login:*`, new_value: '4 deleted' });
  });

  it('never deletes the members, which the instances rewrite every second', async () => {
    await api.refused(
      'root',
      'POST',
      '/tools/redis/key/delete',
      { key: 'members', confirm: true },
      {
        status: 400,
        code: 40111,
        message: 'The running servers write members again every second, so it is not deleted here.',
      },
    );
    await api.refused('root', 'POST', '/tools/redis/keys/delete', { group: 'members', confirm: true }, { status: 400, code: 40111 });
    expect(await redis.exists(`${prefix}members`)).toBe(1);
  });
});

describe.runIf(available)('the cache tool while Redis is away', () => {
  let server: PrivateRedis;
  let t: TestApp;
  let api: ReturnType<typeof apiAs>;
  beforeAll(async () => {
    server = new PrivateRedis(await freePort());
    await server.start();
    t = await buildTestApp('sqlite', { REDIS_URL: server.url, REDIS_PREFIX: 'away:' });
    api = apiAs(() => t.app, { root: await login(t.app, 'demo_root') });
  });
  afterAll(async () => {
    await t.close();
    await server.stop();
  });

  it('answers its translated 503, not a 500, and works again once Redis is back', async () => {
    await server.stop();
    await api.refused('root', 'GET', '/tools/redis', undefined, {
      status: 503,
      code: 50300,
      message: 'Redis does not answer now. Try again in a moment.',
    });
    await api.refused('root', 'POST', '/tools/redis/keys/delete', { group: 'login', confirm: true }, { status: 503, code: 50300 });
    await server.start();
    await eventually(() => api.ok<CacheOverview>('root', 'GET', '/tools/redis'), 10_000);
  });
});
