import { AREA_NAMES, endpoint, ROLES, type Area } from '@dms/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from '../src/http/route.js';
import { DEMO_ACCOUNTS } from '../src/modules/user/seed.js';
import { SPEC_TABLE } from '../../packages/contract/test/spec-table.js';
import { bearer, body, buildTestApp, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

/** One probe route per area, so the server's guard is checked for every role against every area of spec 6. */
function addProbes(app: FastifyInstance): void {
  for (const area of AREA_NAMES) {
    const probe = endpoint({ method: 'GET', path: `/__probe/${area}`, access: area, response: z.null(), tags: ['probe'], summary: area });
    route(app, probe, () => null);
  }
}

describe.each(dialects)('the server enforces the access table on %s', (dialect) => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    t = await buildTestApp(dialect, { LOGIN_LIMIT_PER_ADDRESS: '1000' });
    addProbes(t.app);
    for (const account of DEMO_ACCOUNTS) tokens.set(account.role, await login(t.app, account.username));
  });
  afterAll(async () => t.close());

  it('has a demo account for every role', () => {
    expect([...tokens.keys()].sort()).toEqual([...ROLES].sort());
  });

  for (const role of ROLES) {
    it(`${role}: allowed areas answer 20000, the others 403 / 40300`, async () => {
      const token = tokens.get(role) ?? '';
      const outcome: Partial<Record<Area, number>> = {};
      for (const area of AREA_NAMES) {
        const res = await t.app.inject({ url: `/api/v2/__probe/${area}`, headers: bearer(token) });
        outcome[area] = res.statusCode;
        if (res.statusCode === 403) {
          expect(body(res)).toEqual({ code: 40300, message: 'You do not have permission to do this.' });
        }
      }
      const expected = Object.fromEntries(AREA_NAMES.map((a) => [a, SPEC_TABLE[a].includes(role) ? 200 : 403]));
      expect(outcome).toEqual(expected);
    });
  }

  it('answers 401 before 403 when there is no token', async () => {
    const res = await t.app.inject({ url: '/api/v2/__probe/serverLog' });
    expect(res.statusCode).toBe(401);
  });
});
