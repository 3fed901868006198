import { ALL_ENDPOINTS, API_SCOPES, type ApiKeysPage, type CreatedApiKey } from '@dms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyRateLimiter } from '../src/modules/user/api-keys.js';
import { apiAs, bearer, body, buildTestApp, insertOnlineDevice, login, loggedOps, testDialects, userIds, type TestApp } from './helper.js';

const dialects = await testDialects();
const DAY = 86_400_000;
const NOT_COVERED = "This API key's scopes do not cover this call.";

/** Issue 27, "API keys for integrators": creating, using, scopes, expiry, revoking, and the ends that come with the user's. */
describe.each(dialects)('API keys on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const api = apiAs(() => t.app, tokens);
  /** A call with a key (or any bearer token). */
  const withKey = (key: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: `/api/v2${url}`, headers: bearer(key), remoteAddress: '10.1.2.3', ...(payload ? { payload } : {}) });
  const answer = async (res: Promise<{ statusCode: number; json: () => unknown }>) => {
    const r = await res;
    const b = r.json() as { code: number; message: string };
    return { status: r.statusCode, code: b.code, message: b.message };
  };
  async function createKey(user: string, scopes: string[], expiresInDays?: number): Promise<CreatedApiKey> {
    return api.ok<CreatedApiKey>(user, 'POST', '/user/api-keys', {
      name: `${user} key`,
      scopes,
      ...(expiresInDays ? { expiresInDays } : {}),
    });
  }
  let id: (username: string) => number;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { LOGIN_LIMIT_PER_ADDRESS: '1000', API_KEY_BURST: '100000' });
    for (const u of ['demo_manager', 'demo_submanager', 'demo_end_user', 'demo_root', 'demo_helper']) tokens[u] = await login(t.app, u);
    id = await userIds(t);
    await api.ok('demo_root', 'POST', '/box-reg-info', {
      startBoxId: 910001,
      endBoxId: 910001,
      userId: id('demo_manager'),
      boxType: 'DTU-4G',
      companyName: 'Key Co',
    });
    await insertOnlineDevice(t, 910001, 1, id('demo_manager'));
  });
  afterAll(async () => t.close());

  it('creates a key shown once as dms_<prefix>_<secret>, stored hashed, listed without its secret, logged', async () => {
    const created = await createKey('demo_manager', ['devices:read']);
    expect(created.key).toMatch(/^dms_[0-9a-f]{10}_[A-Za-z0-9_-]{43}$/);
    expect(created.item).toMatchObject({ name: 'demo_manager key', scopes: ['devices:read'], state: 'active', lastUsedAt: null });
    expect(created.item.expiresAt - created.item.createdAt).toBe(90 * DAY);
    expect(created.key).toContain(`dms_${created.item.prefix}_`);
    const list = await api.ok<ApiKeysPage>('demo_manager', 'GET', '/user/api-keys');
    expect(list.items.map((k) => k.id)).toContain(created.item.id);
    const secret = created.key.split('_').slice(2).join('_');
    expect(JSON.stringify(list)).not.toContain(secret);
    const stored = await t.app.db.selectFrom('api_keys').selectAll().where('id', '=', created.item.id).executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toContain(secret);
    expect(JSON.stringify(await t.app.db.selectFrom('operation_log').selectAll().execute())).not.toContain(secret);
    expect((await loggedOps(t, 'user.createApiKey')).at(-1)).toMatchObject({
      username: 'demo_manager',
      target: `demo_manager key (${created.item.prefix})`,
      new_value: 'devices:read, 90 d',
    });
  });

  it('refuses a key without a name or scopes, or past a year, with the exact messages', async () => {
    const refused = (payload: unknown, message: string) =>
      api.refused('demo_manager', 'POST', '/user/api-keys', payload, { status: 400, code: 40001, message });
    await refused({ name: ' ', scopes: ['devices:read'] }, 'Give the key a name of 1 to 64 characters.');
    await refused({ name: 'x', scopes: [] }, 'Choose at least one scope: devices:read, devices:write or events:read.');
    await refused({ name: 'x', scopes: ['users:write'] }, 'Choose at least one scope: devices:read, devices:write or events:read.');
    await refused({ name: 'x', scopes: ['devices:read'], expiresInDays: 366 }, 'The expiry must be 1 to 365 days.');
  });

  it('reaches exactly what its user reaches, notes its last use, and only within its scopes', async () => {
    const { key, item } = await createKey('demo_manager', ['devices:read']);
    const byKey = await withKey(key, 'GET', '/devices');
    expect(body(byKey).code).toBe(20000);
    const bySession = await api.ok<{ total: number }>('demo_manager', 'GET', '/devices');
    expect((body(byKey).data as { total: number }).total).toBe(bySession.total);
    const listed = (await api.ok<ApiKeysPage>('demo_manager', 'GET', '/user/api-keys')).items.find((k) => k.id === item.id);
    expect(listed).toMatchObject({ lastUsedAt: t.clock.now, lastIp: '10.1.2.3' });
    // No scope for it: a register write, the fault records, the user's own account and user management.
    const notCovered = { status: 403, code: 40300, message: NOT_COVERED };
    expect(await answer(withKey(key, 'POST', '/devices/910001/1/registers/40001', { value: 1 }))).toEqual(notCovered);
    expect(await answer(withKey(key, 'GET', '/devices/910001/1/fault-records'))).toEqual(notCovered);
    expect(await answer(withKey(key, 'GET', '/user/api-keys'))).toEqual(notCovered);
    expect(await answer(withKey(key, 'GET', '/user_register/get_helpers'))).toEqual(notCovered);
    expect(await answer(withKey(key, 'GET', '/user/info'))).toEqual(notCovered);
  });

  it('never reaches a device hidden from its user: the key is answered as its user is', async () => {
    const { key } = await createKey('demo_end_user', ['devices:read', 'events:read']);
    const bySession = await answer(api.call('demo_end_user', 'GET', '/devices/910001/1'));
    expect(bySession.status).toBeGreaterThanOrEqual(403);
    expect(await answer(withKey(key, 'GET', '/devices/910001/1'))).toEqual(bySession);
    const list = body(await withKey(key, 'GET', '/devices?q=910001')).data as { total: number };
    expect(list.total).toBe(0);
  });

  it('refuses a key past its expiry, a revoked key, an unknown one, and another user’s revoke', async () => {
    const short = await createKey('demo_manager', ['devices:read'], 1);
    const revoked = await createKey('demo_manager', ['devices:read']);
    await api.refused(
      'demo_helper',
      'POST',
      '/user/api-keys/revoke',
      { id: revoked.item.id },
      {
        status: 403,
        code: 40300,
        message: 'You can revoke only your own API keys.',
      },
    );
    await api.refused('demo_manager', 'POST', '/user/api-keys/revoke', { id: 999_999 }, { status: 403, code: 40300 });
    await api.ok('demo_manager', 'POST', '/user/api-keys/revoke', { id: revoked.item.id });
    expect(await answer(withKey(revoked.key, 'GET', '/devices'))).toEqual({
      status: 401,
      code: 50012,
      message: 'This API key was revoked.',
    });
    expect((await loggedOps(t, 'user.revokeApiKey')).at(-1)).toMatchObject({ username: 'demo_manager' });
    t.clock.now += DAY + 1;
    // The sessions of a day ago have expired too: everyone signs in again.
    for (const u of Object.keys(tokens)) tokens[u] = await login(t.app, u);
    expect(await answer(withKey(short.key, 'GET', '/devices'))).toEqual({ status: 401, code: 50014, message: 'This API key has expired.' });
    const forged = `${short.key.slice(0, -4)}AAAA`;
    expect(await answer(withKey(forged, 'GET', '/devices'))).toEqual({ status: 401, code: 50008, message: 'This API key is not valid.' });
    expect(await answer(withKey('dms_nothing', 'GET', '/devices'))).toMatchObject({ status: 401, code: 50008 });
    // The hourly sweep ends it and logs it once, as its user's.
    expect(await t.app.apiKeys.endExpired()).toBeGreaterThanOrEqual(1);
    expect(await t.app.apiKeys.endExpired()).toBe(0);
    const expired = (await loggedOps(t, 'user.apiKeyExpired')).filter((l) => l.target === `demo_manager key (${short.item.prefix})`);
    expect(expired).toEqual([{ username: 'demo_manager', target: `demo_manager key (${short.item.prefix})`, new_value: null, ip: '' }]);
    expect(await answer(withKey(short.key, 'GET', '/devices'))).toMatchObject({ status: 401, code: 50014 });
    const states = (await api.ok<ApiKeysPage>('demo_manager', 'GET', '/user/api-keys')).items;
    expect(states.find((k) => k.id === short.item.id)?.state).toBe('expired');
    expect(states.find((k) => k.id === revoked.item.id)?.state).toBe('revoked');
  });

  it("ends a user's keys when they are disabled or change their password", async () => {
    tokens.demo_submanager = await login(t.app, 'demo_submanager');
    const sub = await createKey('demo_submanager', ['devices:read']);
    await api.ok('demo_manager', 'POST', '/user_register/set_manager_disabled', { userId: id('demo_submanager'), disabled: true });
    expect(await answer(withKey(sub.key, 'GET', '/devices'))).toMatchObject({ status: 401, code: 50012 });
    const row = await t.app.db.selectFrom('api_keys').select('ended_reason').where('id', '=', sub.item.id).executeTakeFirstOrThrow();
    expect(row.ended_reason).toBe('userDisabled');

    const mine = await createKey('demo_helper', ['devices:read']);
    await api.ok('demo_helper', 'POST', '/user/changepassword', { oldPassword: t.config.demoPassword, newPassword: 'another-pass1' });
    expect(await answer(withKey(mine.key, 'GET', '/devices'))).toMatchObject({ status: 401, code: 50012 });
    expect((await api.ok<ApiKeysPage>('demo_helper', 'GET', '/user/api-keys')).items.find((k) => k.id === mine.item.id)?.state).toBe(
      'passwordChanged',
    );
  });

  it('is refused on every call whose descriptor names no scope, and passes the scope check on each that names one', async () => {
    const { key } = await createKey('demo_root', [...API_SCOPES]);
    const guarded = ALL_ENDPOINTS.filter(({ endpoint: e }) => e.access !== 'public' || e.optionalSession);
    for (const { name, endpoint: e } of guarded) {
      const url = e.path.replace(/:[A-Za-z]+/g, '1');
      const res = await answer(t.app.inject({ method: e.method, url: `/api/v2${url}`, headers: bearer(key) }));
      if (e.scope) expect(res.message, `${name} ${e.method} ${url}`).not.toBe(NOT_COVERED);
      else expect(res, `${name} ${e.method} ${url}`).toEqual({ status: 403, code: 40300, message: NOT_COVERED });
    }
  });
});

describe('API key rate limit', () => {
  it('allows the burst, then one call per 1/rate seconds, each key on its own; a forgotten key starts full', () => {
    const clock = { now: 0 };
    const limiter = new KeyRateLimiter({ perSecond: 2, burst: 3 }, () => clock.now);
    expect([1, 1, 1].map(() => limiter.take(7))).toEqual([0, 0, 0]);
    expect(limiter.take(7)).toBe(1);
    expect(limiter.take(8)).toBe(0);
    clock.now += 500;
    expect(limiter.take(7)).toBe(0);
    expect(limiter.take(7)).toBe(1);
    limiter.forget([7]);
    expect(limiter.take(7)).toBe(0);
  });

  it('answers 429 with Retry-After past a key’s burst', async () => {
    const t = await buildTestApp('sqlite', { API_KEY_BURST: '2', API_KEY_RATE_PER_SECOND: '1' });
    try {
      const token = await login(t.app, 'demo_manager');
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v2/user/api-keys',
        headers: bearer(token),
        payload: { name: 'burst', scopes: ['devices:read'] },
      });
      const { key } = body(created).data as CreatedApiKey;
      const call = () => t.app.inject({ method: 'GET', url: '/api/v2/devices/counts', headers: bearer(key) });
      expect(body(await call()).code).toBe(20000);
      expect(body(await call()).code).toBe(20000);
      const refused = await call();
      expect({ status: refused.statusCode, code: body(refused).code, message: body(refused).message }).toEqual({
        status: 429,
        code: 42900,
        message: 'Too many calls with this API key. Please try again in 1 seconds.',
      });
      expect(refused.headers['retry-after']).toBe('1');
    } finally {
      await t.close();
    }
  });
});
