import type { SessionsPage } from '@dms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, loggedOps, bearer, body, buildTestApp, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

/** Issue 27, "Sessions": a user's own sessions in their profile, every user's for root, and ending them. */
describe.each(dialects)('signed-in sessions on %s', (dialect) => {
  let t: TestApp;
  /** The latest token of each user, by username (apiAs reads it at each call). */
  const tokens: Record<string, string> = {};
  const api = apiAs(() => t.app, tokens);

  /** Signs in from an address with a browser's user agent; the token also becomes the user's in `tokens`. */
  async function signIn(username: string, ip = '10.0.0.1', agent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/login',
      payload: { username, password: t.config.demoPassword },
      headers: { 'user-agent': agent },
      remoteAddress: ip,
    });
    const token = (body(res).data as { token: string }).token;
    tokens[username] = token;
    return token;
  }
  const infoCode = async (token: string) =>
    body(await t.app.inject({ method: 'GET', url: '/api/v2/user/info', headers: bearer(token) })).code;
  const mine = (user: string) => api.ok<SessionsPage>(user, 'GET', '/user/sessions');
  const logged = (action: string) => loggedOps(t, action);

  beforeAll(async () => {
    t = await buildTestApp(dialect, { LOGIN_LIMIT_PER_ADDRESS: '1000' });
  });
  afterAll(async () => t.close());

  it("lists one's own live sessions, the current one first, with browser, address and times; nobody else's", async () => {
    const phone = await signIn('demo_manager', '10.0.0.7', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1');
    t.clock.now += 5_000;
    await signIn('demo_qualityCtrl');
    const current = await signIn('demo_manager', '10.0.0.8');
    const page = await mine('demo_manager');
    expect(page.total).toBe(2);
    expect(page.items.map((s) => ({ current: s.current, ip: s.ip, username: s.username }))).toEqual([
      { current: true, ip: '10.0.0.8', username: 'demo_manager' },
      { current: false, ip: '10.0.0.7', username: 'demo_manager' },
    ]);
    expect(page.items[1]?.userAgent).toContain('iPhone');
    expect(page.items[1]?.createdAt).toBe(page.items[1]?.lastActiveAt);
    expect(page.items[0]?.expiresAt).toBe(t.clock.now + 24 * 3_600_000);
    expect(await infoCode(phone)).toBe(20000);
    expect(await infoCode(current)).toBe(20000);
  });

  it('keeps the last activity to the minute: a call within a minute writes nothing, a later one moves it', async () => {
    const token = await signIn('demo_market');
    const signedInAt = t.clock.now;
    t.clock.now += 30_000;
    expect(await infoCode(token)).toBe(20000);
    expect((await mine('demo_market')).items[0]?.lastActiveAt).toBe(signedInAt);
    t.clock.now += 31_000;
    expect(await infoCode(token)).toBe(20000);
    expect((await mine('demo_market')).items[0]).toMatchObject({ createdAt: signedInAt, lastActiveAt: t.clock.now });
  });

  it("ends one's other session: refused afterwards (50012), gone from the list, logged with whose and from where", async () => {
    const other = await signIn('demo_helper', '10.0.0.21');
    await signIn('demo_helper', '10.0.0.22');
    const id = (await mine('demo_helper')).items.find((s) => !s.current)?.id ?? 0;
    expect(await api.ok('demo_helper', 'POST', '/user/sessions/end', { id })).toEqual({ ended: 1 });
    const refused = await t.app.inject({ method: 'GET', url: '/api/v2/user/info', headers: bearer(other) });
    expect(body(refused)).toEqual({ code: 50012, message: 'Your session was ended. Please sign in again.' });
    expect((await mine('demo_helper')).items.map((s) => s.ip)).toEqual(['10.0.0.22']);
    // Ended already: nothing to do, and not logged twice.
    expect(await api.ok('demo_helper', 'POST', '/user/sessions/end', { id })).toEqual({ ended: 0 });
    expect((await logged('user.endSession')).filter((l) => l.username === 'demo_helper')).toEqual([
      { username: 'demo_helper', target: `demo_helper #${id}`, new_value: null, ip: '127.0.0.1' },
    ]);
  });

  it("refuses to end someone else's session, or one that does not exist, with a translated 403", async () => {
    await signIn('demo_end_user');
    await signIn('demo_manufacturer');
    const theirs = (await mine('demo_end_user')).items[0]?.id ?? 0;
    const expected = { status: 403, code: 40300, message: 'You can end only your own sessions.' };
    await api.refused('demo_manufacturer', 'POST', '/user/sessions/end', { id: theirs }, expected);
    await api.refused('demo_manufacturer', 'POST', '/user/sessions/end', { id: 987_654 }, expected);
    await api.refused(
      'demo_manufacturer',
      'POST',
      '/user/sessions/end',
      { id: theirs },
      { ...expected, message: '只能结束您自己的会话。' },
      'zh',
    );
    await api.refused('demo_manufacturer', 'POST', '/user/sessions/end', { id: 'abc' }, { status: 400, code: 40001 });
    expect(await infoCode(tokens.demo_end_user ?? '')).toBe(20000);
  });

  it("lets root see every user's live sessions by name and end any of them, logged", async () => {
    const victim = await signIn('demo_district_dist', '10.0.0.31');
    await signIn('demo_root');
    const all = await api.ok<SessionsPage>('demo_root', 'GET', '/tools/sessions?page_size=200');
    expect(all.items[0]).toMatchObject({ username: 'demo_root', current: true });
    expect(new Set(all.items.map((s) => s.username))).toEqual(
      new Set([
        'demo_root',
        'demo_district_dist',
        'demo_manager',
        'demo_qualityCtrl',
        'demo_market',
        'demo_helper',
        'demo_end_user',
        'demo_manufacturer',
      ]),
    );
    const found = await api.ok<SessionsPage>('demo_root', 'GET', '/tools/sessions?q=DISTRICT');
    expect(found.items.map((s) => [s.username, s.ip])).toEqual([['demo_district_dist', '10.0.0.31']]);
    const id = found.items[0]?.id ?? 0;
    expect(await api.ok('demo_root', 'POST', '/user/sessions/end', { id })).toEqual({ ended: 1 });
    expect(await infoCode(victim)).toBe(50012);
    expect((await logged('user.endSession')).at(-1)).toMatchObject({ username: 'demo_root', target: `demo_district_dist #${id}` });
    await api.refused('demo_manager', 'GET', '/tools/sessions', undefined, { status: 403, code: 40300 });
  });

  it("ends every session of one's own but the current one, and says how many", async () => {
    const others = [await signIn('demo_qualityCtrl', '10.0.0.41'), await signIn('demo_qualityCtrl', '10.0.0.42')];
    const kept = await signIn('demo_qualityCtrl', '10.0.0.43');
    const before = (await mine('demo_qualityCtrl')).total;
    expect(before).toBeGreaterThanOrEqual(3);
    expect(await api.ok('demo_qualityCtrl', 'POST', '/user/sessions/end-others')).toEqual({ ended: before - 1 });
    for (const token of others) expect(await infoCode(token)).toBe(50012);
    expect(await infoCode(kept)).toBe(20000);
    expect((await mine('demo_qualityCtrl')).items.map((s) => s.ip)).toEqual(['10.0.0.43']);
    expect((await logged('user.endOtherSessions')).at(-1)).toMatchObject({ username: 'demo_qualityCtrl', new_value: String(before - 1) });
    expect(await api.ok('demo_qualityCtrl', 'POST', '/user/sessions/end-others')).toEqual({ ended: 0 });
  });

  it("ending one's current session signs one out", async () => {
    const token = await signIn('demo_market');
    const id = (await mine('demo_market')).items[0]?.id ?? 0;
    expect(await api.ok('demo_market', 'POST', '/user/sessions/end', { id })).toEqual({ ended: 1 });
    expect(await infoCode(token)).toBe(50012);
  });

  it('lists no expired session', async () => {
    await signIn('demo_end_user');
    t.clock.now += 25 * 3_600_000;
    const fresh = await signIn('demo_end_user');
    const page = await mine('demo_end_user');
    expect(page.total).toBe(1);
    expect(page.items[0]?.current).toBe(true);
    expect(await infoCode(fresh)).toBe(20000);
  });
});
