import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import {
  keptFailures,
  loginKeyName,
  MemoryFailures,
  type AttemptKeys,
  type Begun,
  type FailureStore,
  type LoginLimits,
} from './login-limiter.js';

/**
 * Checks an attempt against the address's and the pair's limits and, unless refused, counts it in all three sorted
 * sets (score: the time; member: the attempt's mark), each trimmed to the window and to what its limit needs, and
 * expiring with the window. Atomic: parallel guesses on several instances are all counted.
 * KEYS: pair, address, username. ARGV: now, window, perUsername, perAddress, keep pair, keep address, keep username, mark.
 */
const BEGIN = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
for i = 1, 3 do redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - window) end
local function wait(key, limit)
  local n = redis.call('ZCARD', key)
  if n < limit then return 0 end
  local oldest = redis.call('ZRANGE', key, n - limit, n - limit, 'WITHSCORES')
  return tonumber(oldest[2]) + window - now
end
local addressWait = wait(KEYS[2], tonumber(ARGV[4]))
if addressWait > 0 then return {addressWait, 0, 0, 0} end
local pairWait = wait(KEYS[1], tonumber(ARGV[3]))
if pairWait > 0 then return {0, pairWait, 0, 0} end
local usernameFailures = redis.call('ZCARD', KEYS[3])
local addressFailures = redis.call('ZCARD', KEYS[2])
for i = 1, 3 do
  redis.call('ZADD', KEYS[i], now, ARGV[8])
  redis.call('ZREMRANGEBYRANK', KEYS[i], 0, -tonumber(ARGV[4 + i]) - 1)
  redis.call('PEXPIRE', KEYS[i], window)
end
return {0, 0, usernameFailures, addressFailures}
`;

/**
 * The sign-in protection's failures in Redis (REDIS_URL), so that every instance counts them together: behind a
 * balancer, guesses spread over the instances are refused as they would be by one. Keys `<prefix>login:pair:…`,
 * `login:address:…` and `login:username:…` each hold at most what their limit needs and expire with the window.
 * While Redis is away, each instance counts in its own memory (as with one instance), so nobody is locked out by an
 * outage and guessing stays limited.
 */
export class SharedFailures implements FailureStore {
  private readonly fallback: MemoryFailures;
  private readonly keep: ReturnType<typeof keptFailures>;
  private away = false;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limits: LoginLimits,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  ) {
    this.fallback = new MemoryFailures(limits);
    this.keep = keptFailures(limits);
  }

  private keys(keys: AttemptKeys): [string, string, string] {
    const p = this.prefix;
    return [
      `${p}${loginKeyName('pair', keys.pair)}`,
      `${p}${loginKeyName('address', keys.address)}`,
      `${p}${loginKeyName('username', keys.username)}`,
    ];
  }

  async begin(keys: AttemptKeys, now: number): Promise<Begun> {
    const mark = `${now}:${randomBytes(6).toString('hex')}`;
    const { windowMs, perUsername, perAddress } = this.limits;
    try {
      const answer = (await this.redis.eval(
        BEGIN,
        3,
        ...this.keys(keys),
        now,
        windowMs,
        perUsername,
        perAddress,
        this.keep.pair,
        this.keep.address,
        this.keep.username,
        mark,
      )) as [number, number, number, number];
      this.cameBack();
      const [addressWait, pairWait, usernameFailures, addressFailures] = answer;
      return { addressWait, pairWait, usernameFailures, addressFailures, mark };
    } catch (err) {
      this.wentAway(err);
      return this.fallback.beginNow(keys, now);
    }
  }

  async succeeded(keys: AttemptKeys, mark: string): Promise<void> {
    if (!mark.includes(':')) return this.fallback.succeeded(keys, mark);
    const [pair, address, username] = this.keys(keys);
    try {
      await this.redis.multi().del(pair).zrem(address, mark).zrem(username, mark).exec();
    } catch (err) {
      this.wentAway(err);
    }
    return undefined;
  }

  async forget(keys: AttemptKeys, mark: string): Promise<void> {
    if (!mark.includes(':')) return this.fallback.forget(keys, mark);
    const [pair, address, username] = this.keys(keys);
    try {
      await this.redis.multi().zrem(pair, mark).zrem(address, mark).zrem(username, mark).exec();
    } catch (err) {
      this.wentAway(err);
    }
    return undefined;
  }

  private wentAway(err: unknown): void {
    if (this.away) return;
    this.away = true;
    this.log.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'sign-in protection: Redis is away; failures are counted on this instance meanwhile',
    );
  }

  private cameBack(): void {
    if (!this.away) return;
    this.away = false;
    this.log.info('sign-in protection: Redis is back; failures are counted for every instance again');
  }
}
