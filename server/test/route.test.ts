import { endpoint, type Area } from '@dms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from '../src/http/route.js';
import { bearer, body, buildTestApp, login, type TestApp } from './helper.js';

describe('endpoints are registered only from descriptors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => t.close());

  it('refuses an /api/v2 route registered without a descriptor', () => {
    expect(() => t.app.get('/api/v2/__bare', () => ({ code: 20000, message: 'ok', data: null }))).toThrow(/endpoint descriptor/);
  });

  it('registers each route with the area its descriptor names, so the check the console reads is the one the server makes', () => {
    const areaOf = (e: { access: Area | 'public' | 'signedIn' }) =>
      e.access === 'public' || e.access === 'signedIn' ? undefined : e.access;
    const seen: Array<{ url: string; area: Area | undefined; declared: Area | undefined }> = [];
    for (const { url, config } of t.app.apiRoutes) {
      if (config.endpoint) seen.push({ url, area: config.area, declared: areaOf(config.endpoint) });
    }
    expect(seen.length).toBeGreaterThan(30);
    expect(seen.filter((r) => r.area !== r.declared)).toEqual([]);
  });

  it('wraps what a handler returns in the envelope, and checks the body by its schema first', async () => {
    const echo = endpoint({
      method: 'POST',
      path: '/__echo',
      access: 'signedIn',
      body: z.object({ n: z.number({ error: 'validation.field.number' }) }),
      response: z.object({ twice: z.number() }),
      tags: ['test'],
      summary: 'echo',
    });
    route(t.app, echo, ({ body: { n } }) => ({ twice: n * 2 }));
    const token = await login(t.app, 'demo_manager');
    const ok = await t.app.inject({ method: 'POST', url: '/api/v2/__echo', headers: bearer(token), payload: { n: 21 } });
    expect(body(ok)).toEqual({ code: 20000, message: 'ok', data: { twice: 42 } });
    const bad = await t.app.inject({ method: 'POST', url: '/api/v2/__echo', headers: bearer(token), payload: { n: 'x' } });
    expect(body(bad)).toMatchObject({ code: 40001, message: 'Please fill in n with a number' });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v2/__echo', payload: { n: 1 } });
    expect(anonymous.statusCode).toBe(401);
  });
});
