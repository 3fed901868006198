import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALL_ENDPOINTS, API_BASE } from '@dms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { body } from './helper.js';

describe('the app around the API', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-app-'));
  const web = path.join(dir, 'web');
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(web, 'index.html'), '<html><head><title>x</title></head><body>console</body></html>');
    fs.writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, WEB_DIST: web, PRODUCTION_HOST: 'example.com', MQTT_PORT: '0' });
    app = await buildApp(config, { logger: false });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html for client routes, with the production host named', async () => {
    const res = await app.inject({ url: '/dashboard?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('console');
    expect(res.body).toContain('<meta name="dms-production-host" content="example.com">');
  });

  it('never falls back to index.html under /api', async () => {
    const res = await app.inject({ url: '/api/v2/no-such-call', headers: { 'accept-language': 'es' } });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ code: 40400, message: 'No encontrado.' });
  });

  it('serves hashed assets as immutable', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends security headers', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('describes every route in OpenAPI at /api/docs', async () => {
    const json = await app.inject({ url: '/api/docs/json' });
    const doc = json.json<{ paths: Record<string, unknown> }>();
    // Exactly the descriptors of the contract, each once: nothing registered beside them, none left out.
    const declared = ALL_ENDPOINTS.map(({ endpoint: e }) => `${API_BASE}${e.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(Object.keys(doc.paths).sort()).toEqual([...new Set(declared)].sort());
    // Each call says whether an API key reaches it, and with which scope (issue 27).
    const devices = (doc.paths[`${API_BASE}/devices`] as { get: { description: string; security: unknown[] } }).get;
    expect(devices.description).toBe('API key scope: `devices:read`.');
    expect(devices.security).toEqual([{ session: [] }, { apiKey: ['devices:read'] }]);
    const helpers = (doc.paths[`${API_BASE}/user_register/get_helpers`] as { get: { description: string; security: unknown[] } }).get;
    expect(helpers).toMatchObject({ description: 'Not reachable with an API key.', security: [{ session: [] }] });
    const ui = await app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
