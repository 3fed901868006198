import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addressKey, LoginLimiter, MemoryFailures } from '../src/security/login-limiter.js';
import { bearer, body, buildTestApp, DEMO_PASSWORD, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

/** Issue 10 points 9 and 10, issue 11: nobody can lock someone else out; guessing is slowed and refused per address. */
describe.each(dialects)('sign-in protection on %s', (dialect) => {
  let t: TestApp;
  /** Every hold the limiter asked for, in ms; a hold moves the test clock instead of waiting. */
  let waits: number[];
  beforeAll(async () => {
    // The documented defaults, written out so the test reads on its own.
    t = await buildTestApp(dialect, {
      LOGIN_LIMIT_PER_USERNAME: '5',
      LOGIN_LIMIT_PER_ADDRESS: '30',
      LOGIN_LIMIT_WINDOW_SECONDS: '900',
      LOGIN_DELAY_MAX_SECONDS: '30',
    });
    t.app.users.limiter.sleep = (ms) => {
      waits.push(ms);
      t.clock.now += ms;
      return Promise.resolve();
    };
  });
  beforeEach(() => {
    waits = [];
  });
  afterAll(async () => t.close());

  const signIn = (username: string, password: string, ip: string, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/user/login',
      payload: { username, password },
      headers: { 'accept-language': lang },
      remoteAddress: ip,
    });
  const changePassword = (token: string, oldPassword: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/user/changepassword',
      payload: { oldPassword, newPassword: 'n3w-secret' },
      headers: bearer(token),
      remoteAddress: ip,
    });
  const codeOf = (res: LightMyRequestResponse) => body(res).code;

  it("lets demo_manager sign in at once from another address after 20 failures of an attacker's", async () => {
    const attacker = '10.66.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 20; i += 1) codes.push(codeOf(await signIn('demo_manager', `guess-${i}`, attacker)));
    expect(codes).toEqual([...Array<number>(5).fill(40002), ...Array<number>(15).fill(42900)]);

    const own = await signIn('demo_manager', DEMO_PASSWORD, '10.66.0.2');
    expect(body(own).code).toBe(20000);
    expect(waits).toEqual([]);

    // The attacker's address itself is refused for this account, even with the right password.
    const refused = await signIn('demo_manager', DEMO_PASSWORD, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
    expect(body(refused)).toEqual({
      code: 42900,
      message: 'Too many sign-in attempts. Please try again in 900 seconds.',
      data: { retryAfterSeconds: 900 },
    });
  });

  it('slows down guesses spread over addresses with a growing, capped wait, and only for the failing addresses', async () => {
    for (let a = 1; a <= 5; a += 1) {
      for (let i = 0; i < 4; i += 1) expect(codeOf(await signIn('demo_helper', `guess-${a}-${i}`, `10.67.0.${a}`))).toBe(40002);
    }
    // min(2^(n-5) s, 30 s) for an address that has been failing, once the username has n >= 5 failures; a fresh address
    // (each one's first guess) waits 0.
    expect(waits).toEqual([1000, 2000, 4000, 16000, 30000, 30000, 30000, 30000, 30000, 30000, 30000, 30000]);
    expect(Math.max(...waits)).toBeLessThanOrEqual(30_000);

    waits = [];
    expect(codeOf(await signIn('demo_helper', DEMO_PASSWORD, '10.67.0.99'))).toBe(20000);
    expect(waits).toEqual([]);
    // A failing address is held, not refused: the right password still signs in after the bounded wait.
    expect(codeOf(await signIn('demo_helper', DEMO_PASSWORD, '10.67.0.1'))).toBe(20000);
    expect(waits).toEqual([30000]);
  });

  it('refuses an address that failed too often, whatever the usernames, with a translated message', async () => {
    const ip = '10.68.0.1';
    for (let u = 0; u < 10; u += 1) {
      for (let i = 0; i < 3; i += 1) expect(codeOf(await signIn(`nobody_${u}0`, `guess-${i}`, ip))).toBe(40002);
    }
    const refused = await signIn('demo_root', DEMO_PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
    expect(body(refused)).toEqual({
      code: 42900,
      message: 'Too many failed password attempts from this address. Please try again in 900 seconds.',
      data: { retryAfterSeconds: 900 },
    });
    expect(body(await signIn('demo_root', DEMO_PASSWORD, ip, 'zh')).message).toBe('此地址的密码错误次数过多，请在900秒后重试。');
    expect(body(await signIn('demo_root', DEMO_PASSWORD, ip, 'es')).message).toBe(
      'Demasiados intentos de contraseña fallidos desde esta dirección. Vuelva a intentarlo dentro de 900 segundos.',
    );
    expect(body(await signIn('demo_root', DEMO_PASSWORD, ip, 'ja')).message).toBe(
      'このアドレスからのパスワードの誤りが多すぎます。900秒後に再試行してください。',
    );
    expect(codeOf(await signIn('demo_root', DEMO_PASSWORD, '10.68.0.2'))).toBe(20000);

    t.clock.now += 600_000;
    expect(body(await signIn('demo_root', DEMO_PASSWORD, ip)).message).toBe(
      'Too many failed password attempts from this address. Please try again in 300 seconds.',
    );
    t.clock.now += 300_001;
    expect(codeOf(await signIn('demo_root', DEMO_PASSWORD, ip))).toBe(20000);
  });

  it('does not count successful sign-ins, so a team behind one address is never refused for signing in', async () => {
    const ip = '10.69.0.1';
    for (let i = 0; i < 40; i += 1) expect(codeOf(await signIn('demo_market', DEMO_PASSWORD, ip))).toBe(20000);
    expect(waits).toEqual([]);
    // A success clears the address's failures on that username: four typos, a success, four typos are no refusal.
    // The typos stay counted for the username, so from the fifth on they are slowed down (never refused).
    for (let i = 0; i < 4; i += 1) expect(codeOf(await signIn('demo_market', `typo-${i}`, ip))).toBe(40002);
    expect(codeOf(await signIn('demo_market', DEMO_PASSWORD, ip))).toBe(20000);
    for (let i = 0; i < 4; i += 1) expect(codeOf(await signIn('demo_market', `typo-${i}`, ip))).toBe(40002);
    expect(codeOf(await signIn('demo_market', DEMO_PASSWORD, ip))).toBe(20000);
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
  });

  it('throttles change-password: a wrong old password counts like a failed sign-in', async () => {
    const ip = '10.70.0.1';
    const token = await login(t.app, 'demo_qualityCtrl', DEMO_PASSWORD, ip);
    for (let i = 0; i < 5; i += 1) expect(codeOf(await changePassword(token, `not-mine-${i}`, ip))).toBe(40003);
    const refused = await changePassword(token, DEMO_PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
    expect(body(refused)).toEqual({
      code: 42900,
      message: 'Too many wrong passwords. Please try again in 900 seconds.',
      data: { retryAfterSeconds: 900 },
    });
    // The same count guards sign-in from that address.
    expect(body(await signIn('demo_qualityCtrl', DEMO_PASSWORD, ip)).message).toBe(
      'Too many sign-in attempts. Please try again in 900 seconds.',
    );

    // The username now has 5 failures: another address is answered at once, then held once it fails too.
    const other = await login(t.app, 'demo_qualityCtrl', DEMO_PASSWORD, '10.70.0.2');
    expect(waits).toEqual([]);
    expect(codeOf(await changePassword(other, 'not-mine-x', '10.70.0.2'))).toBe(40003);
    expect(codeOf(await changePassword(other, 'not-mine-y', '10.70.0.2'))).toBe(40003);
    expect(waits).toEqual([2000]);

    // And it counts toward the address's limit: 5 + 25 failures refuse the address for every username (the first
    // failure was 2 s ago: the hold above moved the clock).
    for (let u = 0; u < 5; u += 1) {
      for (let i = 0; i < 5; i += 1) expect(codeOf(await signIn(`ghost_${u}00`, `guess-${i}`, ip))).toBe(40002);
    }
    expect(body(await signIn('demo_root', DEMO_PASSWORD, ip)).message).toBe(
      'Too many failed password attempts from this address. Please try again in 898 seconds.',
    );
  });
});

describe('LoginLimiter', () => {
  const limits = { perUsername: 5, perAddress: 30, windowMs: 900_000, maxDelayMs: 30_000, maxEntries: 1000 };

  it('stays under its size cap with 10,000 distinct usernames and addresses, and forgets them after the window', async () => {
    let now = 1_000_000;
    const store = new MemoryFailures(limits);
    const limiter = new LoginLimiter(limits, { now: () => now, store });
    for (let i = 0; i < 10_000; i += 1) {
      const attempt = await limiter.begin(`user_${i}`, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
      expect(attempt.refusal).toBeNull();
      now += 1;
      const size = store.size();
      expect(Math.max(size.pairs, size.addresses, size.usernames)).toBeLessThanOrEqual(1000);
    }
    expect(store.size()).toEqual({ pairs: 1000, addresses: 1000, usernames: 1000 });
    now += 900_000;
    await limiter.begin('someone', '10.99.0.1');
    expect(store.size()).toEqual({ pairs: 1, addresses: 1, usernames: 1 });
  });

  it('holds at most 1,000 answers at once; further failing addresses are told when to come back', async () => {
    const waits: number[] = [];
    const limiter = new LoginLimiter(limits, {
      sleep: (ms) => {
        waits.push(ms);
        return new Promise<void>(() => undefined);
      },
    });
    for (let i = 0; i < 1100; i += 1) await limiter.begin('victim_user', `10.1.${i >> 8}.${i & 255}`);
    const held: Array<Promise<void>> = [];
    // The first 100 addresses were forgotten (1,000 keys at most): the last 1,000 are the failing ones.
    for (let i = 100; i < 1100; i += 1) {
      const attempt = await limiter.begin('victim_user', `10.1.${i >> 8}.${i & 255}`);
      expect(attempt.refusal).toBeNull();
      held.push(attempt.hold());
    }
    expect(waits).toHaveLength(1000);
    expect(Math.max(...waits)).toBe(30_000);
    expect((await limiter.begin('victim_user', '10.1.4.10')).refusal).toEqual({ scope: 'account', retryAfterSeconds: 30 });
    // A fresh address is neither held nor refused.
    expect(await limiter.begin('victim_user', '10.2.0.1')).toMatchObject({ refusal: null, delayMs: 0 });
    expect(held).toHaveLength(1000);
  });

  it('counts an IPv6 address by its /64 and an IPv4-mapped address as IPv4', async () => {
    expect(addressKey('2001:db8:1:2::5')).toBe(addressKey('2001:db8:1:2:ffff:ffff:ffff:1'));
    expect(addressKey('2001:db8:1:2::5')).not.toBe(addressKey('2001:db8:1:3::5'));
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('10.1.2.3')).toBe('10.1.2.3');

    const limiter = new LoginLimiter({ ...limits, perAddress: 3 });
    for (let i = 1; i <= 3; i += 1) await limiter.begin(`user_${i}`, `2001:db8:1:2::${i}`);
    expect((await limiter.begin('user_9', '2001:db8:1:2::99')).refusal).toEqual({ scope: 'address', retryAfterSeconds: 900 });
    expect((await limiter.begin('user_9', '2001:db8:1:3::1')).refusal).toBeNull();
  });
});
