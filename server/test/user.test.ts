import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, buildTestApp, DEMO_PASSWORD, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

describe.each(dialects)('user API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { LOGIN_LIMIT_PER_USERNAME: '5', LOGIN_LIMIT_PER_ADDRESS: '1000' });
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip });

  describe('POST /user/login', () => {
    it('signs in with a trimmed username and returns a token', async () => {
      const res = await post('/api/v2/user/login', { username: '  demo_root  ', password: DEMO_PASSWORD });
      expect(res.statusCode).toBe(200);
      const b = body(res);
      expect(b.code).toBe(20000);
      const data = b.data as { token: string; expiresAt: number };
      expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(data.expiresAt).toBe(t.clock.now + 24 * 3_600_000);
    });

    it('refuses a wrong password with a named code and translated message', async () => {
      const res = await post('/api/v2/user/login', { username: 'demo_manager', password: 'wrong-pass' });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual({ code: 40002, message: 'Incorrect user name or password.' });
      const zh = await post('/api/v2/user/login', { username: 'demo_manager', password: 'wrong-pass' }, { 'accept-language': 'zh-CN' });
      expect(body(zh).message).toBe('用户名或密码错误。');
      const ja = await post('/api/v2/user/login', { username: 'nobody_here', password: 'wrong-pass' }, { 'accept-language': 'ja' });
      expect(body(ja)).toEqual({ code: 40002, message: 'ユーザー名またはパスワードが正しくありません。' });
    });

    it.each([
      [{ username: '', password: 'abcdef' }, 'User name cannot be empty!'],
      [{ password: 'abcdef' }, 'User name cannot be empty!'],
      [{ username: 'abc', password: 'abcdef' }, 'User name must be a 6-20 digit number or character!'],
      [{ username: 'abcdef!', password: 'abcdef' }, '6-20 digit number or character or @#%^&*_-+ required!'],
      [{ username: 'abc 用户', password: 'abcdef' }, 'User name cannot contain Chinese characters or spaces!'],
      [{ username: 'abcdef', password: '' }, 'Password cannot be empty!'],
      [{ username: 'abcdef', password: '123' }, 'Password must be a 6-20 digit number or character!'],
      [{ username: 'abcdef', password: 'abc def1' }, 'Password cannot contain Chinese characters or spaces!'],
    ])('answers %j with %j', async (payload, text) => {
      const res = await post('/api/v2/user/login', payload);
      expect(res.statusCode).toBe(400);
      const b = body(res);
      expect(b.code).toBe(40001);
      expect(b.message).toBe(text);
    });

    it('translates validation messages', async () => {
      const res = await post('/api/v2/user/login', { username: '', password: 'abcdef' }, { 'accept-language': 'es' });
      expect(body(res).message).toBe('¡El nombre de usuario no puede estar vacío!');
    });

    it('answers malformed JSON with a validation error, not a crash', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/user/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username":',
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).code).toBe(40001);
    });

    it('refuses an address with HTTP 429 after 5 failures on one username, and only that address', async () => {
      for (let i = 0; i < 5; i += 1) {
        const res = await post('/api/v2/user/login', { username: 'demo_market', password: 'wrong-pass' }, {}, '10.1.0.1');
        expect(body(res).code).toBe(40002);
      }
      const blocked = await post('/api/v2/user/login', { username: 'demo_market', password: DEMO_PASSWORD }, {}, '10.1.0.1');
      expect(blocked.statusCode).toBe(429);
      const b = body(blocked);
      expect(b.code).toBe(42900);
      expect(b.message).toBe('Too many sign-in attempts. Please try again in 900 seconds.');
      // Nobody can lock someone else out: another address signs in with the right password at once.
      const elsewhere = await post('/api/v2/user/login', { username: 'demo_market', password: DEMO_PASSWORD }, {}, '10.1.0.99');
      expect(body(elsewhere).code).toBe(20000);
      t.clock.now += 901_000;
      const later = await post('/api/v2/user/login', { username: 'demo_market', password: DEMO_PASSWORD }, {}, '10.1.0.1');
      expect(body(later).code).toBe(20000);
    });
  });

  describe('GET /user/info', () => {
    it('returns the user with bearer header or token parameter', async () => {
      const token = await login(t.app, 'demo_manager');
      const res = await t.app.inject({ url: '/api/v2/user/info', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(body(res)).toEqual({
        code: 20000,
        message: 'ok',
        data: {
          roles: ['manager'],
          name: 'Demo Manager',
          avatar: '',
          introduction: 'Demo Manager (manager)',
          level: 6,
          user: { id: expect.any(Number) as unknown, username: 'demo_manager', group_extra: '2001', is_manager: true },
          twoFactor: { enabled: false, required: false },
        },
      });
      const byQuery = await t.app.inject({ url: `/api/v2/user/info?token=${token}` });
      expect(body(byQuery).code).toBe(20000);
    });

    it("adds 'dmck1333' for a user of group 1333", async () => {
      const token = await login(t.app, 'demo_manufacturer');
      const res = await t.app.inject({ url: '/api/v2/user/info', headers: bearer(token) });
      expect((body(res).data as { roles: string[] }).roles).toEqual(['manufacturer', 'dmck1333']);
    });

    it('answers 401 / 50008 without a token or with an unknown one', async () => {
      const none = await t.app.inject({ url: '/api/v2/user/info' });
      expect(none.statusCode).toBe(401);
      expect(body(none)).toEqual({
        code: 50008,
        message: 'You are not signed in, or your session is not valid. Please sign in again.',
      });
      const unknown = await t.app.inject({ url: '/api/v2/user/info', headers: bearer('not-a-token') });
      expect(unknown.statusCode).toBe(401);
      expect(body(unknown).code).toBe(50008);
    });

    it('answers 50014 once the session has expired', async () => {
      const token = await login(t.app, 'demo_afterSales');
      t.clock.now += 24 * 3_600_000 + 1;
      const res = await t.app.inject({ url: '/api/v2/user/info', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
      expect(body(res)).toEqual({ code: 50014, message: 'Your session has expired. Please sign in again.' });
    });
  });

  describe('GET /user/logout', () => {
    it('revokes the token: afterwards it is refused with 50012', async () => {
      const token = await login(t.app, 'demo_helper');
      const out = await t.app.inject({ url: '/api/v2/user/logout', headers: bearer(token) });
      expect(body(out)).toEqual({ code: 20000, message: 'ok', data: null });
      const after = await t.app.inject({ url: '/api/v2/user/info', headers: bearer(token) });
      expect(after.statusCode).toBe(401);
      expect(body(after)).toEqual({ code: 50012, message: 'Your session was ended. Please sign in again.' });
    });

    it('answers 401 without a token', async () => {
      const res = await t.app.inject({ url: '/api/v2/user/logout' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('POST /user/changepassword', () => {
    it('changes the password, keeps this session and ends the others', async () => {
      const other = await login(t.app, 'demo_end_user');
      const token = await login(t.app, 'demo_end_user');
      const res = await post('/api/v2/user/changepassword', { oldPassword: DEMO_PASSWORD, newPassword: 'n3w-secret' }, bearer(token));
      expect(body(res)).toEqual({ code: 20000, message: 'ok', data: null });
      expect(body(await t.app.inject({ url: '/api/v2/user/info', headers: bearer(token) })).code).toBe(20000);
      expect(body(await t.app.inject({ url: '/api/v2/user/info', headers: bearer(other) })).code).toBe(50012);
      const old = await post('/api/v2/user/login', { username: 'demo_end_user', password: DEMO_PASSWORD }, {}, '10.2.0.1');
      expect(body(old).code).toBe(40002);
      await login(t.app, 'demo_end_user', 'n3w-secret', '10.2.0.2');
    });

    it('refuses a wrong current password', async () => {
      const token = await login(t.app, 'demo_qualityCtrl');
      const res = await post('/api/v2/user/changepassword', { oldPassword: 'not-mine1', newPassword: 'n3w-secret' }, bearer(token));
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual({ code: 40003, message: 'The current password is incorrect.' });
    });

    it.each([
      [{ oldPassword: DEMO_PASSWORD, newPassword: '123' }, 'Password must be a 6-20 digit number or character!'],
      [{ oldPassword: DEMO_PASSWORD, newPassword: 'has space' }, 'Password cannot contain Chinese characters or spaces!'],
      [{ oldPassword: DEMO_PASSWORD }, 'Password cannot be empty!'],
      [{ oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD }, 'The new password must differ from the current one!'],
    ])('answers %j with %j', async (payload, text) => {
      const token = await login(t.app, 'demo_afterSalesPlus');
      const res = await post('/api/v2/user/changepassword', payload, bearer(token));
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ code: 40001, message: text });
    });

    it('answers 401 without a token, before looking at the body', async () => {
      const res = await post('/api/v2/user/changepassword', { oldPassword: 'x' });
      expect(res.statusCode).toBe(401);
      expect(body(res).code).toBe(50008);
    });
  });
});

describe.each(dialects)('login rate limit per address on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { LOGIN_LIMIT_PER_ADDRESS: '3', LOGIN_LIMIT_WINDOW_SECONDS: '60' });
  });
  afterAll(async () => t.close());

  it('answers 429 once an address has failed its attempts, whatever the username; successes are not counted', async () => {
    for (const username of ['demo_root', 'demo_manager', 'demo_helper']) await login(t.app, username, DEMO_PASSWORD, '10.9.9.9');
    for (const username of ['demo_root', 'demo_manager', 'demo_helper']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/user/login',
        payload: { username, password: 'wrong-pass' },
        remoteAddress: '10.9.9.9',
      });
      expect(body(res).code).toBe(40002);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/login',
      payload: { username: 'demo_market', password: DEMO_PASSWORD },
      remoteAddress: '10.9.9.9',
    });
    expect(res.statusCode).toBe(429);
    expect(body(res).message).toBe('Too many failed password attempts from this address. Please try again in 60 seconds.');
    await login(t.app, 'demo_market', DEMO_PASSWORD, '10.9.9.10');
  });
});
