import type { RecoveryCodes, SecondStepData, SignedInData, TwoFactorSetup, TwoFactorStatus } from '@dms/contract';
import { TOTP, URI } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpOf } from '../src/modules/user/two-factor.js';
import { apiAs, loggedOps, body, buildTestApp, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

/** Issue 27, "Two-factor sign-in": enrolment, the sign-in's second step, replays, recovery codes, the required roles, root's reset. */
describe.each(dialects)('two-factor sign-in on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const api = apiAs(() => t.app, tokens);
  /** Each user's key once enrolled. */
  const keys: Record<string, TOTP> = {};
  function codeOf(username: string, at = t.clock.now): string {
    const key = keys[username];
    if (!key) throw new Error(`${username} has no key yet`);
    return key.generate({ timestamp: at });
  }
  const userId = async (username: string) =>
    (await t.app.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

  const post = (url: string, payload: Record<string, unknown>, ip = '10.0.0.1', lang = 'en') =>
    t.app.inject({ method: 'POST', url: `/api/v2${url}`, payload, remoteAddress: ip, headers: { 'accept-language': lang } });
  const password = (username: string, ip?: string) => post('/user/login', { username, password: t.config.demoPassword }, ip);
  async function challengeOf(username: string, ip?: string): Promise<string> {
    const res = await password(username, ip);
    expect(body(res).code).toBe(20000);
    return (body(res).data as SecondStepData).challenge;
  }
  async function signIn(username: string): Promise<string> {
    const data = body(await password(username)).data as SignedInData;
    tokens[username] = data.token;
    return data.token;
  }
  const logged = (action: string) => loggedOps(t, action);

  /** Enrols a signed-in user: a key, then a code of it; their recovery codes. */
  async function enrol(username: string): Promise<string[]> {
    const setup = await api.ok<TwoFactorSetup>(username, 'POST', '/user/two-factor/begin');
    keys[username] = URI.parse(setup.uri) as TOTP;
    return (await api.ok<RecoveryCodes>(username, 'POST', '/user/two-factor/confirm', { code: codeOf(username) })).recoveryCodes;
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect, { LOGIN_LIMIT_PER_ADDRESS: '1000', LOGIN_LIMIT_PER_USERNAME: '5', REQUIRE_2FA_ROLES: 'limited_admin' });
  });
  afterAll(async () => t.close());

  it('enrols with a code of the shown key: ten recovery codes once, the key sealed at rest, logged without secrets', async () => {
    await signIn('demo_manager');
    expect(await api.ok<TwoFactorStatus>('demo_manager', 'GET', '/user/two-factor')).toEqual({
      enabled: false,
      required: false,
      enabledAt: null,
      recoveryLeft: 0,
    });
    await api.refused(
      'demo_manager',
      'POST',
      '/user/two-factor/confirm',
      { code: '123456' },
      {
        status: 400,
        code: 40111,
        message: 'Show a new key first, then enter its code.',
      },
    );
    const setup = await api.ok<TwoFactorSetup>('demo_manager', 'POST', '/user/two-factor/begin');
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toContain('otpauth://totp/DMS:demo_manager?');
    keys.demo_manager = URI.parse(setup.uri) as TOTP;
    await api.refused(
      'demo_manager',
      'POST',
      '/user/two-factor/confirm',
      { code: '12a456' },
      {
        status: 400,
        code: 40001,
        message: 'Enter the 6-digit code from your authenticator app.',
      },
    );
    const wrong = String((Number(codeOf('demo_manager')) + 1) % 1_000_000).padStart(6, '0');
    await api.refused('demo_manager', 'POST', '/user/two-factor/confirm', { code: wrong }, { status: 400, code: 40006 });
    const { recoveryCodes } = await api.ok<RecoveryCodes>('demo_manager', 'POST', '/user/two-factor/confirm', {
      code: codeOf('demo_manager'),
    });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[0-9a-f]{5}-[0-9a-f]{5}$/);
    const status = await api.ok<TwoFactorStatus>('demo_manager', 'GET', '/user/two-factor');
    expect(status).toMatchObject({ enabled: true, required: false, recoveryLeft: 10, enabledAt: t.clock.now });
    const row = await t.app.db
      .selectFrom('users')
      .select(['totp_secret', 'totp_pending'])
      .where('username', '=', 'demo_manager')
      .executeTakeFirstOrThrow();
    expect(row.totp_pending).toBeNull();
    expect(row.totp_secret).not.toContain(setup.secret);
    const stored = await t.app.db.selectFrom('recovery_codes').select('code_hash').execute();
    for (const c of recoveryCodes) expect(stored.map((s) => s.code_hash)).not.toContain(c);
    await api.refused('demo_manager', 'POST', '/user/two-factor/begin', undefined, {
      status: 400,
      code: 40111,
      message: 'Two-factor sign-in is already on.',
    });
    const log = JSON.stringify(await t.app.db.selectFrom('operation_log').selectAll().execute());
    expect(log).not.toContain(setup.secret);
    for (const c of recoveryCodes) expect(log).not.toContain(c);
    expect(await logged('user.twoFactorOn')).toEqual([
      { username: 'demo_manager', target: 'demo_manager', new_value: null, ip: '127.0.0.1' },
    ]);
  });

  it('signs in in two steps: the password answers a challenge, a code answers the session; a code is accepted once', async () => {
    t.clock.now += 60_000;
    const challenge = await challengeOf('demo_manager');
    expect(body(await password('demo_manager')).data).not.toHaveProperty('token');
    const code = codeOf('demo_manager');
    const first = await post('/user/login/second-step', { challenge, code });
    expect(body(first).code).toBe(20000);
    const token = (body(first).data as SignedInData).token;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/user/info', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(200);
    // The same code again, in its own window: refused (no replay), also with a new challenge.
    const again = await post('/user/login/second-step', { challenge: await challengeOf('demo_manager'), code });
    expect({ status: again.statusCode, code: body(again).code, message: body(again).message }).toEqual({
      status: 400,
      code: 40006,
      message: 'The code is not correct, or it has been used already.',
    });
    // A code of the previous step (clock drift of one step) is refused too once a later one was accepted; the next step's passes.
    expect(body(await post('/user/login/second-step', { challenge, code: codeOf('demo_manager', t.clock.now - 30_000) })).code).toBe(40006);
    expect(body(await post('/user/login/second-step', { challenge, code: codeOf('demo_manager', t.clock.now + 30_000) })).code).toBe(20000);
    // Two steps ahead is outside the drift allowed.
    expect(body(await post('/user/login/second-step', { challenge, code: codeOf('demo_manager', t.clock.now + 60_000) })).code).toBe(40006);
  });

  it('refuses an expired or forged challenge, in the caller’s language', async () => {
    const challenge = await challengeOf('demo_manager');
    t.clock.now += 5 * 60_000 + 1;
    const late = await post('/user/login/second-step', { challenge, code: codeOf('demo_manager') }, '10.0.0.1', 'zh');
    expect({ status: late.statusCode, code: body(late).code, message: body(late).message }).toEqual({
      status: 400,
      code: 40007,
      message: '登录超时，请重新输入用户名和密码。',
    });
    const forged = await post('/user/login/second-step', { challenge: `${challenge.slice(0, -2)}AA`, code: codeOf('demo_manager') });
    expect(body(forged).code).toBe(40007);
  });

  it('takes a recovery code once, logged with how many are left', async () => {
    const fresh = await enrolAgain('demo_qualityCtrl');
    const code = fresh[3] ?? '';
    const challenge = await challengeOf('demo_qualityCtrl', '10.0.0.9');
    expect(body(await post('/user/login/second-step', { challenge, code: ` ${code.toUpperCase()} ` }, '10.0.0.9')).code).toBe(20000);
    const twice = await post('/user/login/second-step', { challenge, code }, '10.0.0.9');
    expect({ code: body(twice).code, message: body(twice).message }).toEqual({
      code: 40006,
      message: 'The code is not correct, or it has been used already.',
    });
    expect(await logged('user.recoveryCodeUsed')).toEqual([
      { username: 'demo_qualityCtrl', target: 'demo_qualityCtrl', new_value: '9', ip: '10.0.0.9' },
    ]);
    expect((await api.ok<TwoFactorStatus>('demo_qualityCtrl', 'GET', '/user/two-factor')).recoveryLeft).toBe(9);
  });

  /** Signs a user in with the password alone (factor off) and enrols them. */
  async function enrolAgain(username: string): Promise<string[]> {
    await signIn(username);
    return enrol(username);
  }

  it('throttles codes like the password: per user name and address, with Retry-After, and not others', async () => {
    t.clock.now += 16 * 60_000;
    const challenge = await challengeOf('demo_manager', '10.0.0.20');
    for (let i = 0; i < 5; i += 1) {
      expect(body(await post('/user/login/second-step', { challenge, code: '000000' }, '10.0.0.20')).code).toBe(40006);
    }
    const refused = await post('/user/login/second-step', { challenge, code: codeOf('demo_manager') }, '10.0.0.20');
    expect(refused.statusCode).toBe(429);
    expect(body(refused).message).toMatch(/^Too many sign-in attempts|^Too many wrong codes/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not locked out by those failures.
    const other = await challengeOf('demo_manager', '10.0.0.21');
    t.clock.now += 30_000;
    expect(body(await post('/user/login/second-step', { challenge: other, code: codeOf('demo_manager') }, '10.0.0.21')).code).toBe(20000);
  });

  it('turns off with a code, not for a role that requires it; a required role reaches only enrolment until it is on', async () => {
    t.clock.now += 30_000;
    await api.ok('demo_qualityCtrl', 'POST', '/user/two-factor/off', { code: codeOf('demo_qualityCtrl') });
    expect((await logged('user.twoFactorOff')).map((r) => r.username)).toEqual(['demo_qualityCtrl']);
    expect(body(await password('demo_qualityCtrl')).data).toHaveProperty('token');

    await signIn('demo_limited_admin');
    const info = await api.ok<{ twoFactor: { enabled: boolean; required: boolean } }>('demo_limited_admin', 'GET', '/user/info');
    expect(info.twoFactor).toEqual({ enabled: false, required: true });
    await api.refused('demo_limited_admin', 'GET', '/devices', undefined, {
      status: 403,
      code: 40302,
      message: 'Your role requires two-factor sign-in. Turn it on in your profile to continue.',
    });
    await api.refused('demo_limited_admin', 'GET', '/user/sessions', undefined, { status: 403, code: 40302 });
    await enrol('demo_limited_admin');
    expect((await api.call('demo_limited_admin', 'GET', '/user/sessions')).statusCode).toBe(200);
    t.clock.now += 30_000;
    await api.refused(
      'demo_limited_admin',
      'POST',
      '/user/two-factor/off',
      { code: codeOf('demo_limited_admin') },
      {
        status: 400,
        code: 40111,
        message: 'Your role requires two-factor sign-in, so it cannot be turned off.',
      },
    );
  });

  it("lets root reset another user's second factor: it is off, their sessions end, logged; nobody else may", async () => {
    await signIn('demo_root');
    const managerToken = tokens.demo_manager ?? '';
    await api.refused('demo_qualityCtrl', 'POST', '/tools/two-factor/reset', { username: 'demo_manager' }, { status: 403, code: 40300 });
    await api.refused(
      'demo_root',
      'POST',
      '/tools/two-factor/reset',
      { username: 'nobody_here' },
      {
        status: 403,
        code: 40300,
        message: "Only root can reset another user's two-factor sign-in, of a user who exists.",
      },
    );
    const reset = await api.ok<{ sessionsEnded: number }>('demo_root', 'POST', '/tools/two-factor/reset', { username: 'demo_manager' });
    expect(reset.sessionsEnded).toBeGreaterThanOrEqual(2);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/user/info', headers: { authorization: `Bearer ${managerToken}` } })).json(),
    ).toMatchObject({
      code: 50012,
    });
    expect(body(await password('demo_manager')).data).toHaveProperty('token');
    expect(
      await t.app.db
        .selectFrom('recovery_codes')
        .select('id')
        .where('user_id', '=', await userId('demo_manager'))
        .execute(),
    ).toEqual([]);
    const log = await logged('user.twoFactorReset');
    expect(log).toEqual([{ username: 'demo_root', target: 'demo_manager', new_value: String(reset.sessionsEnded), ip: '127.0.0.1' }]);
  });
});

/** RFC 6238, appendix B: the SHA-1 vectors (the key "12345678901234567890"), 8 digits, through the library we use. */
describe('TOTP against RFC 6238', () => {
  const key = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  const vectors: Array<[number, string]> = [
    [59, '94287082'],
    [1_111_111_109, '07081804'],
    [1_111_111_111, '14050471'],
    [1_234_567_890, '89005924'],
    [2_000_000_000, '69279037'],
    [20_000_000_000, '65353130'],
  ];
  it.each(vectors)('at %i s the code is %s', (seconds, code) => {
    const totp = new TOTP({ secret: key, digits: 8, period: 30, algorithm: 'SHA1' });
    expect(totp.generate({ timestamp: seconds * 1000 })).toBe(code);
    expect(totp.validate({ token: code, timestamp: seconds * 1000, window: 0 })).toBe(0);
  });
  it('our 6-digit key takes the last six digits, ±1 step', () => {
    const ours = totpOf(key, 'someone');
    expect(ours.generate({ timestamp: 59_000 })).toBe('287082');
    expect(ours.validate({ token: '287082', timestamp: 89_000, window: 1 })).toBe(-1);
    expect(ours.validate({ token: '287082', timestamp: 119_000, window: 1 })).toBeNull();
  });
});
