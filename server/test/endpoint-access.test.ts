import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS, canAccess } from '@dms/contract';
import { DEMO_ACCOUNTS } from '../src/modules/user/seed.js';
import { bearer, body, buildTestApp, login, type TestApp } from './helper.js';

/**
 * The one sweep of the guards (issue 19 §3), driven by the contract: every endpoint descriptor that is not public
 * answers 401 to an anonymous caller, and 403 / 40300 to every demo role that spec 6's access table keeps out of its
 * area, before any input is read (an empty body, ids of 1). A new call is covered by being declared; the tests of an
 * area then test its rules, not its guards.
 */
describe('every endpoint: 401 signed out, 403 to each role the access table keeps out', () => {
  let t: TestApp;
  const tokens = new Map<string, { token: string; roles: string[] }>();
  const calls = ALL_ENDPOINTS.flatMap(({ name, endpoint: e }) =>
    e.access === 'public' ? [] : [{ name, method: e.method, url: `/api/v2${e.path.replace(/:\w+/g, '1')}`, access: e.access }],
  );
  const inject = (call: (typeof calls)[number], token?: string) =>
    t.app.inject({
      method: call.method,
      url: call.url,
      ...(token ? { headers: bearer(token) } : {}),
      payload: call.method === 'GET' || call.method === 'DELETE' ? undefined : {},
    });

  beforeAll(async () => {
    t = await buildTestApp('sqlite', { LOGIN_LIMIT_PER_ADDRESS: '1000' });
    for (const account of DEMO_ACCOUNTS) {
      const roles = JSON.parse(
        (await t.app.db.selectFrom('users').select('roles').where('username', '=', account.username).executeTakeFirstOrThrow()).roles,
      ) as string[];
      tokens.set(account.username, { token: await login(t.app, account.username), roles });
    }
  });
  afterAll(async () => t.close());

  it('answers 401 / 50008 to every call that is not public, signed out', async () => {
    expect(calls.length).toBeGreaterThanOrEqual(80);
    for (const call of calls) {
      const res = await inject(call);
      expect(res.statusCode, call.name).toBe(401);
      expect(body(res).code, call.name).toBe(50008);
    }
  });

  it('answers 403 / 40300 to every role the access table keeps out of the call’s area', async () => {
    let denied = 0;
    for (const [username, { token, roles }] of tokens) {
      for (const call of calls) {
        if (call.access === 'signedIn' || canAccess(roles, call.access)) continue;
        denied += 1;
        const res = await inject(call, token);
        expect(res.statusCode, `${username} ${call.name}`).toBe(403);
        expect(body(res), `${username} ${call.name}`).toEqual({ code: 40300, message: 'You do not have permission to do this.' });
      }
    }
    // Most roles are kept out of some areas: the sweep is not vacuous.
    expect(denied).toBeGreaterThan(300);
  });
});
