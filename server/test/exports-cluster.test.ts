import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportJob } from '@dms/contract';
import { eventually } from './boxes.js';
import { bearer, body, buildTestApp, login, type TestApp } from './helper.js';
import { freePort } from './private-mosquitto.js';
import { available, PrivateRedis } from './private-redis.js';

/**
 * Exports behind a balancer (docs/scaling.md): with REDIS_URL a job started on one instance is followed, downloaded
 * once and failed on any instance. Two instances on one Redis (each on its own SQLite database, seeded alike: the
 * export's rows come from the instance that writes it, and each has its own sessions: root signs in on each).
 */
describe.runIf(available)('exports across instances (Redis)', () => {
  let redis: PrivateRedis;
  let a: TestApp;
  let b: TestApp;
  const run = `${process.pid}${Date.now().toString(36)}`;
  const prefix = `x${run}:`;

  const get = (t: TestApp, url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-language': 'en' } });

  beforeAll(async () => {
    redis = new PrivateRedis(await freePort());
    await redis.start();
    const env = { REDIS_URL: redis.url, REDIS_PREFIX: prefix };
    a = await buildTestApp('sqlite', env);
    b = await buildTestApp('sqlite', env);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await redis.stop();
  });

  it('follows, downloads once and keeps private a job started on the other instance', async () => {
    const [root, rootOnB] = [await login(a.app, 'demo_root'), await login(b.app, 'demo_root')];
    const started = await a.app.inject({
      method: 'POST',
      url: '/api/v2/exports',
      headers: bearer(root),
      payload: { kind: 'controller-types', filter: {}, tz: 'UTC' },
    });
    const job = body(started).data as ExportJob;
    expect(job.state).toBe('running');
    const ready = await eventually(async () => {
      const seen = body(await get(b, `/api/v2/exports/${job.id}`, rootOnB)).data as ExportJob;
      expect(seen.state).toBe('ready');
      return seen;
    });
    expect(ready.total).toBeGreaterThanOrEqual(3);
    // Another user does not learn that it exists.
    const manager = await login(b.app, 'demo_manager');
    expect((await get(b, `/api/v2/exports/${job.id}`, manager)).statusCode).toBe(404);
    const file = await get(b, `/api/v2/exports/${job.id}/file`, rootOnB);
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.rowCount).toBe(ready.total + 1);
    // Once: neither instance has it now.
    expect((await get(a, `/api/v2/exports/${job.id}/file`, root)).statusCode).toBe(404);
    expect((await get(b, `/api/v2/exports/${job.id}`, rootOnB)).statusCode).toBe(404);
  });

  it('fails a job whose instance stopped, with its message, on the instance asked', async () => {
    const [root, rootOnB] = [await login(a.app, 'demo_root'), await login(b.app, 'demo_root')];
    const rootId = (await a.app.db.selectFrom('users').select('id').where('username', '=', 'demo_root').executeTakeFirstOrThrow()).id;
    const id = 'lostJob0123456789abcdef';
    const lost = {
      id,
      kind: 'devices',
      state: 'running',
      done: 10,
      total: 100,
      fileName: 'devices.xlsx',
      error: null,
      startedAt: a.clock.now,
      userId: rootId,
      instance: 'an-instance-that-stopped',
      finishedAt: null,
    };
    await a.app.redis?.client.set(`${prefix}export:${id}`, JSON.stringify(lost));
    const seen = body(await get(b, `/api/v2/exports/${id}`, rootOnB)).data as ExportJob;
    expect(seen).toMatchObject({ state: 'failed', error: 'error.exportLost' });
    const file = await get(a, `/api/v2/exports/${id}/file`, root);
    expect(file.json<{ message: string }>().message).toBe('The server that was writing this export stopped. Please export again.');
  });
});
