import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LoginLimiter, type Attempt } from '../src/security/login-limiter.js';
import { SharedFailures } from '../src/security/shared-failures.js';
import { freePort } from './private-mosquitto.js';
import { available, PrivateRedis } from './private-redis.js';

const limits = { perUsername: 3, perAddress: 5, windowMs: 60_000, maxDelayMs: 4_000, maxEntries: 1000 };
const quiet = { warn: () => undefined, info: () => undefined };

/** Issue 26: the sign-in protection's counts shared by every instance through Redis. */
describe.runIf(available)('sign-in failures counted in Redis for every instance', () => {
  const redis = { server: null as PrivateRedis | null };
  const clients: Redis[] = [];
  let prefix = 0;
  let now = 1_000_000;
  /** Two instances' limiters on one Redis (each its own connection), as behind a balancer. */
  const instances = (): [LoginLimiter, LoginLimiter] => {
    prefix += 1;
    const one = () => {
      const client = new Redis(redis.server?.url ?? '', { enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => 50 });
      client.on('error', () => undefined);
      clients.push(client);
      return new LoginLimiter(limits, { now: () => now, store: new SharedFailures(client, `t${prefix}:`, limits, quiet) });
    };
    return [one(), one()];
  };
  const ready = () => Promise.all(clients.map((c) => (c.status === 'ready' ? Promise.resolve() : new Promise((r) => c.once('ready', r)))));
  const refusals = (attempts: Attempt[]) => attempts.map((a) => a.refusal?.scope ?? null);

  beforeAll(async () => {
    redis.server = new PrivateRedis(await freePort());
    await redis.server.start();
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.disconnect();
  });
  afterAll(async () => {
    await redis.server?.stop();
  });

  it('refuses an address on a username after its failures on both instances together', async () => {
    const [a, b] = instances();
    await ready();
    const attempts = [];
    for (const limiter of [a, b, a, b]) attempts.push(await limiter.begin('Victim', '10.0.0.1'));
    expect(refusals(attempts)).toEqual([null, null, null, 'account']);
    expect(attempts[3]?.refusal?.retryAfterSeconds).toBe(60);
    // Another address is answered at once, on either instance.
    expect(await b.begin('victim', '10.0.0.2')).toMatchObject({ refusal: null });
    // An address failing on many usernames (five here, with the one above) is refused for all of them.
    for (const [i, limiter] of [a, b, a, b].entries()) await limiter.begin(`user_${i}`, '10.0.0.2');
    expect((await a.begin('someone', '10.0.0.2')).refusal).toEqual({ scope: 'address', retryAfterSeconds: 60 });
  });

  it('counts parallel guesses spread over the instances, each once', async () => {
    const [a, b] = instances();
    await ready();
    const attempts = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).begin('victim', '10.0.1.1')));
    expect(refusals(attempts).filter((r) => r === null)).toHaveLength(3);
  });

  it('forgets a right password, and holds a failing address once the username is under attack', async () => {
    const [a, b] = instances();
    await ready();
    const right = await a.begin('victim', '10.0.2.1');
    right.succeeded();
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 3; i += 1) await b.begin('victim', `10.0.3.${i}`);
    // The username has 3 failures (the right one not among them); an address that failed before waits, a fresh one does not.
    expect((await a.begin('victim', '10.0.3.0')).delayMs).toBe(1000);
    expect((await a.begin('victim', '10.0.4.1')).delayMs).toBe(0);
  });

  it('keeps each key to what its limit needs, expiring with the window', async () => {
    const [a] = instances();
    await ready();
    for (let i = 0; i < 4; i += 1) await a.begin(`user_${i}`, '10.0.5.1');
    const raw = new Redis(redis.server?.url ?? '');
    try {
      expect(await raw.zcard(`t${prefix}:login:address:10.0.5.1`)).toBe(4);
      const ttl = await raw.pttl(`t${prefix}:login:address:10.0.5.1`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(limits.windowMs);
      now += limits.windowMs + 1;
      await a.begin('user_9', '10.0.5.1');
      expect(await raw.zcard(`t${prefix}:login:address:10.0.5.1`)).toBe(1);
    } finally {
      raw.disconnect();
    }
  });

  it('counts on each instance while Redis is away (nobody locked out, guessing still limited), then in Redis again', async () => {
    const [a] = instances();
    await ready();
    await redis.server?.stop();
    const attempts = [];
    for (let i = 0; i < 4; i += 1) attempts.push(await a.begin('victim', '10.0.6.1'));
    expect(refusals(attempts)).toEqual([null, null, null, 'account']);
    expect((await a.begin('victim', '10.0.6.2')).refusal).toBeNull();
    await redis.server?.start();
    await ready();
    const [b] = instances();
    await ready();
    expect((await a.begin('other', '10.0.6.3')).refusal).toBeNull();
    expect((await b.begin('other', '10.0.6.3')).refusal).toBeNull();
  });
});
