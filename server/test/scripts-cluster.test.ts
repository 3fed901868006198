import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisMembers } from '../src/cluster/members.js';
import { eventually } from './boxes.js';
import { buildTestApp, testDialects, type TestApp } from './helper.js';
import { freePort } from './private-mosquitto.js';
import { available, PrivateRedis } from './private-redis.js';

const dialects = await testDialects();

/**
 * Maintenance script runs with several instances (docs/scripts.md, docs/scaling.md): a run is failed as interrupted
 * when its own instance is gone (at any instance's start, or as the others see it go), never because another
 * instance started.
 */
describe.runIf(available && dialects.includes('postgres'))('script runs across instances', () => {
  let redis: PrivateRedis;
  let a: TestApp;
  let b: TestApp | null = null;

  const stateOf = async (id: number) =>
    await a.app.db.selectFrom('script_runs').select(['state', 'error']).where('id', '=', id).executeTakeFirstOrThrow();
  const runOn = async (instance: string | null) => {
    const user = await a.app.db.selectFrom('users').select('id').where('username', '=', 'demo_root').executeTakeFirstOrThrow();
    const row = await a.app.db
      .insertInto('script_runs')
      .values({
        script: 'check-inactive',
        state: 'running',
        user_id: user.id,
        input: '{}',
        total: 10,
        done: 3,
        counts: '{}',
        created_at: a.clock.now,
        started_at: a.clock.now,
        finished_at: null,
        error: null,
        instance,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  beforeAll(async () => {
    redis = new PrivateRedis(await freePort());
    await redis.start();
    a = await buildTestApp('postgres', { REDIS_URL: redis.url, REDIS_PREFIX: 'scripts:' });
  });
  afterAll(async () => {
    await b?.app.close();
    await a.close();
    await redis.stop();
  });

  it("fails at another instance's start only the runs whose instance is gone, and the rest once their instance goes", async () => {
    const onA = await runOn(a.app.members.self);
    const gone = await runOn('an-instance-that-stopped');
    const older = await runOn(null);
    const schema = a.config.database.kind === 'postgres' ? (a.config.database.schema ?? '') : '';
    const second = await buildTestApp(
      'postgres',
      { REDIS_URL: redis.url, REDIS_PREFIX: 'scripts:', DATABASE_SCHEMA: schema },
      { seed: false },
    );
    b = second;
    // Its start hooks run (the server's listen runs them; inject would too).
    await second.app.ready();
    expect(second.app.members.live()).toContain(a.app.members.self);
    expect(await stateOf(onA)).toEqual({ state: 'running', error: null });
    for (const id of [gone, older]) expect(await stateOf(id)).toEqual({ state: 'failed', error: 'error.scripts.interrupted' });
    // a stops, still running it: the other fails it as it sees a go.
    await a.app.members.close();
    const members = second.app.members;
    if (!(members instanceof RedisMembers)) throw new Error('REDIS_URL did not give the app the live instances in Redis');
    await members.beat();
    await eventually(async () => {
      expect(await stateOf(onA)).toEqual({ state: 'failed', error: 'error.scripts.interrupted' });
    });
  });
});
