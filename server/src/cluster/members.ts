import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The instances of the deployment that are alive, and which of them is the one for a key: the owner of a box (its
 * messages are handled there, cluster/ingest-router.ts) or of once-only work ("job:retention"). For one instance it
 * owns everything.
 */
export interface Members {
  /** This instance's id (random at each start). */
  readonly self: string;
  /** The live instances' ids, sorted. */
  live(): readonly string[];
  /** The live instance that owns `key`. */
  ownerOf(key: string): string;
  owns(key: string): boolean;
  /** Heard after the live instances changed, with those that came and went. */
  onChange(listener: (change: { came: string[]; went: string[] }) => void): void;
  /**
   * A clock (ms) that runs only while this instance follows the members: stopped from a read that failed (Redis away)
   * until the next that answers, and while it keeps the members a Redis that came back empty does not know yet. An
   * instance that dies is gone from the members at most a TTL and a beat of this clock after its last renewal, however
   * long Redis was away meanwhile: what must last until then is measured on it (cluster/ingest-router.ts).
   */
  watchedTime(): number;
  close(): Promise<void>;
}

/** One instance: it owns every key. */
export class SoleMember implements Members {
  readonly self = randomUUID();
  live(): readonly string[] {
    return [this.self];
  }
  ownerOf(): string {
    return this.self;
  }
  owns(): boolean {
    return true;
  }
  onChange(): void {
    /* nobody comes or goes */
  }
  watchedTime(): number {
    return Date.now();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** FNV-1a over the text, then MurmurHash3's finaliser: 32 well-mixed bits. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Rendezvous hashing: the instance with the highest weight for the key. When an instance comes or goes, only the keys
 * it wins or won change owner.
 */
export function rendezvous(instances: readonly string[], key: string): string {
  let best = instances[0] ?? '';
  let bestWeight = -1;
  for (const id of instances) {
    const w = hash32(`${id}|${key}`);
    if (w > bestWeight || (w === bestWeight && id < best)) {
      best = id;
      bestWeight = w;
    }
  }
  return best;
}

/**
 * Renews this instance in the sorted set (score: when it expires, by Redis's clock, so the instances' clocks do not
 * matter), removes those expired, and answers whether the set was there (not: Redis restarted empty), then the live
 * ones. KEYS: the set. ARGV: this instance, the TTL in ms.
 */
const BEAT = `
local existed = redis.call('EXISTS', KEYS[1])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
local live = redis.call('ZRANGE', KEYS[1], 0, -1)
table.insert(live, 1, tostring(existed))
return live
`;

export interface MemberTimes {
  /** How long an instance that stops renewing stays a member. */
  ttlMs: number;
  /** How often an instance renews itself and reads the others. */
  beatMs: number;
}

export const MEMBER_TIMES: MemberTimes = { ttlMs: 5_000, beatMs: 1_000 };

/**
 * The live instances in Redis (REDIS_URL), as the sorted set `<prefix>members`: each instance renews itself every
 * `beatMs` and stays a member `ttlMs` after its last renewal; closing leaves at once. While Redis is away each
 * instance keeps the members it last read (none is dropped for an outage nobody can see through), and for a TTL after
 * Redis came back empty, so keys keep their owners, and work waits rather than runs twice.
 */
export class RedisMembers implements Members {
  private members: string[];
  private readonly listeners: Array<(change: { came: string[]; went: string[] }) => void> = [];
  private readonly key: string;
  private timer: NodeJS.Timeout | null = null;
  private away = false;
  private started = false;
  private closed = false;
  /** Until when members that have not renewed since Redis came back empty are kept (they renew within a beat). */
  private refillingUntil = 0;
  /** The watched clock (`watchedTime`): what it read when it last stopped, and since when it runs (null: stopped). */
  private watchedBefore = 0;
  private watchingSince: number | null = null;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    private readonly times: MemberTimes = MEMBER_TIMES,
    /** This instance's id: its own, or the one it has in another set (a server group's, group-members.ts). */
    readonly self: string = randomUUID(),
  ) {
    this.key = `${prefix}members`;
    this.members = [self];
  }

  /**
   * Joins, waiting up to `waitMs` for the first renewal (until then, an instance alone would take every key for its
   * own), and renews every `beatMs`.
   */
  async start(waitMs = 10_000): Promise<void> {
    const until = Date.now() + waitMs;
    // The connection may still be opening: that is not an outage (said only when the wait is over).
    this.away = true;
    let answered = await this.beat();
    while (!answered && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      answered = await this.beat();
    }
    if (!answered) this.log.warn('cluster: Redis does not answer; this instance goes on alone until it does');
    // Joining others: they see this instance at their next beat. Until then they would still take its keys for their
    // own, so it waits that long before it takes any (two instances must not both handle a box).
    else if (this.members.length > 1) {
      await new Promise((r) => setTimeout(r, this.times.beatMs + 200));
      await this.beat();
    }
    this.started = true;
    this.timer = setInterval(() => void this.beat(), this.times.beatMs);
    this.timer.unref();
  }

  live(): readonly string[] {
    return this.members;
  }

  ownerOf(key: string): string {
    return rendezvous(this.members, key);
  }

  owns(key: string): boolean {
    return this.ownerOf(key) === this.self;
  }

  onChange(listener: (change: { came: string[]; went: string[] }) => void): void {
    this.listeners.push(listener);
  }

  watchedTime(): number {
    return this.watchedBefore + (this.watchingSince === null ? 0 : Date.now() - this.watchingSince);
  }

  /** Runs or stops the watched clock. */
  private watching(on: boolean, now: number): void {
    if (on && this.watchingSince === null) this.watchingSince = now;
    else if (!on && this.watchingSince !== null) {
      this.watchedBefore += now - this.watchingSince;
      this.watchingSince = null;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.redis.zrem(this.key, this.self).catch(() => undefined);
  }

  /** Renews this instance and reads the others (tests call it to move on without waiting a beat); false: Redis is away. */
  async beat(): Promise<boolean> {
    if (this.closed) return true;
    let read: string[];
    try {
      const answer = (await this.redis.eval(BEAT, 1, this.key, this.self, this.times.ttlMs)) as string[];
      if (answer[0] === '0' && this.members.length > 1) this.refillingUntil = Date.now() + this.times.ttlMs;
      read = answer.slice(1);
    } catch (err) {
      // Nobody's renewals can be read: an instance that died stays a member meanwhile, so the clock stops.
      this.watching(false, Date.now());
      if (!this.away) {
        this.away = true;
        this.log.warn(
          { err: err instanceof Error ? err.message : String(err) },
          'cluster: Redis is away; the instances keep the members they knew',
        );
      }
      return false;
    }
    if (this.away) {
      this.away = false;
      if (this.started) this.log.info('cluster: Redis is back; members are read again');
    }
    // A Redis that came back empty knows only those who renewed since: the others are kept for a TTL meanwhile (an
    // instance that died is kept too: the watched clock runs again once the members read are all there are).
    const now = Date.now();
    const refilling = now < this.refillingUntil;
    this.watching(!refilling, now);
    const kept = refilling ? this.members : [];
    const next = [...new Set([...read, ...kept, this.self])].sort();
    const came = next.filter((m) => !this.members.includes(m));
    const went = this.members.filter((m) => !next.includes(m));
    if (came.length === 0 && went.length === 0) return true;
    this.members = next;
    this.log.info({ members: next.length, came: came.length, went: went.length }, 'cluster: the live instances changed');
    for (const l of this.listeners) l({ came, went });
    return true;
  }
}
