import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/v2/box-reg/',
      '/api/v2/box-reg/credentials/{token}',
      '/api/v2/box-reg/users',
      '/api/v2/box-reg/{boxId}/links',
      '/api/v2/boxes/ingest-stats',
      '/api/v2/boxes/ip-log',
      '/api/v2/boxes/unregistered',
      '/api/v2/boxes/{boxId}',
      '/api/v2/broker/acl',
      '/api/v2/broker/auth',
      '/api/v2/controller-types/',
      '/api/v2/controller-types/{id}',
      '/api/v2/datalog/client-error',
      '/api/v2/datalog/operation-log',
      '/api/v2/datalog/server-log',
      '/api/v2/devices/',
      '/api/v2/devices/counts',
      '/api/v2/devices/{boxId}/{controller}',
      '/api/v2/devices/{boxId}/{controller}/fault-records',
      '/api/v2/devices/{boxId}/{controller}/history',
      '/api/v2/devices/{boxId}/{controller}/kline',
      '/api/v2/devices/{boxId}/{controller}/registers/{register}',
      '/api/v2/devices/{boxId}/{controller}/series',
      '/api/v2/devices/{boxId}/{controller}/snapshot',
      '/api/v2/exports/',
      '/api/v2/exports/{id}',
      '/api/v2/exports/{id}/file',
      '/api/v2/fault-records/',
      '/api/v2/fleet/map',
      '/api/v2/fleet/summary',
      '/api/v2/user/changepassword',
      '/api/v2/user/info',
      '/api/v2/user/login',
      '/api/v2/user/logout',
    ]);
    const ui = await app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
