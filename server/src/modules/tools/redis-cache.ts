import {
  CACHE_SCAN_LIMIT,
  CACHE_VALUE_ROWS,
  cacheGroupOf,
  cachePattern,
  type CacheGroup,
  type CacheKeyDetail,
  type CacheKeyInfo,
  type CacheOverview,
} from '@dms/contract';
import type { Redis } from 'ioredis';
import { byName, failureRows, fileKind, fileRows, jsonRows, memberRows, rawRows, type Decoded } from './decode.js';
import type { DeletableSource } from './source.js';

/** How many keys one SCAN call looks at, and how many calls a listing makes at most (a million keys looked at). */
const SCAN_COUNT = 1000;
const MAX_SCANS = 1000;
/** Keys deleted per UNLINK. */
const UNLINK_BATCH = 500;

/** `*`, `?`, `[`, `]` and `\` taken literally in a SCAN pattern. */
const literal = (text: string) => text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);

/**
 * The product's keys in Redis (REDIS_URL), under REDIS_PREFIX: listed with SCAN (never KEYS, which stops the server),
 * at most CACHE_SCAN_LIMIT a group; read with commands that are bounded by CACHE_VALUE_ROWS; deleted with UNLINK.
 */
export class RedisCache implements DeletableSource {
  readonly where = 'redis' as const;

  constructor(
    private readonly redis: Redis,
    readonly prefix: string,
    private readonly members: { self: string; ownerOf: (key: string) => string },
  ) {}

  private match(group: CacheGroup, q: string): string {
    const base = literal(this.prefix + cachePattern(group));
    return group === 'members' ? base : `${base}*${q === '' ? '' : `${literal(q)}*`}`;
  }

  /** Each batch of full key names that SCAN finds for the group, until done or `more` says stop. */
  private async scan(group: CacheGroup, q: string, each: (keys: string[]) => Promise<boolean> | boolean): Promise<boolean> {
    const match = this.match(group, q);
    let cursor = '0';
    for (let calls = 0; calls < MAX_SCANS; calls++) {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', match, 'COUNT', SCAN_COUNT);
      // `members` is matched exactly; the search applies to it as to any name.
      const found = group === 'members' ? keys.filter((k) => k.slice(this.prefix.length).includes(q)) : keys;
      if (found.length > 0 && !(await each(found))) return false;
      cursor = next;
      if (cursor === '0') return true;
    }
    return false;
  }

  async names(group: CacheGroup, q: string): Promise<{ names: string[]; capped: boolean }> {
    const names = new Set<string>();
    const finished = await this.scan(group, q, (keys) => {
      for (const key of keys) names.add(key.slice(this.prefix.length));
      return names.size <= CACHE_SCAN_LIMIT;
    });
    const sorted = [...names].sort(byName);
    return { names: sorted.slice(0, CACHE_SCAN_LIMIT), capped: !finished || sorted.length > CACHE_SCAN_LIMIT };
  }

  async infos(names: readonly string[]): Promise<CacheKeyInfo[]> {
    if (names.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const name of names)
      pipeline
        .type(this.prefix + name)
        .pttl(this.prefix + name)
        .memory('USAGE', this.prefix + name);
    const answers = (await pipeline.exec()) ?? [];
    return names.flatMap((key, i) => {
      const [type, ttl, bytes] = [0, 1, 2].map((j) => answers[i * 3 + j]?.[1]);
      if (typeof type !== 'string' || type === 'none') return [];
      return [{ key, type, ttlMs: typeof ttl === 'number' && ttl >= 0 ? ttl : null, bytes: typeof bytes === 'number' ? bytes : null }];
    });
  }

  async read(key: string): Promise<Omit<CacheKeyDetail, 'group'> | null> {
    const [info] = await this.infos([key]);
    if (!info) return null;
    const decoded = await this.decode(key, info.type);
    return decoded ? { ...info, ...decoded } : null;
  }

  /** The value, as the product wrote it where its group says how (null: gone meanwhile). */
  private async decode(key: string, type: string): Promise<Decoded | null> {
    const full = this.prefix + key;
    const group = cacheGroupOf(key);
    if (type === 'zset') {
      const [total, flat] = await Promise.all([this.redis.zcard(full), this.redis.zrevrange(full, 0, CACHE_VALUE_ROWS - 1, 'WITHSCORES')]);
      const pairs: Array<[string, number]> = [];
      for (let i = 0; i + 1 < flat.length; i += 2) pairs.push([flat[i] ?? '', Number(flat[i + 1])]);
      if (group === 'login') return { ...failureRows(pairs.map(([, score]) => score)), total };
      if (group === 'members') {
        const members = pairs.map(([instance, expires]) => ({ instance, expires })).sort((a, b) => byName(a.instance, b.instance));
        return { ...memberRows(members, this.members.self, (job) => this.members.ownerOf(job)), total };
      }
      return { format: 'raw', rows: pairs.map(([name, score]) => ({ name, text: String(score), time: null })), total };
    }
    if (type === 'string') {
      const bytes = await this.redis.strlen(full);
      if (group === 'export-file') return fileRows(bytes, fileKind(await this.redis.getrangeBuffer(full, 0, 3)));
      const text = await this.redis.getrange(full, 0, 65_535);
      return group === 'export' ? jsonRows(text) : rawRows(text);
    }
    if (type === 'hash') {
      const [, flat] = await this.redis.hscan(full, '0', 'COUNT', CACHE_VALUE_ROWS);
      const rows = [];
      for (let i = 0; i + 1 < flat.length; i += 2) rows.push({ name: flat[i] ?? '', text: flat[i + 1] ?? '', time: null });
      return { format: 'raw', rows: rows.slice(0, CACHE_VALUE_ROWS), total: await this.redis.hlen(full) };
    }
    if (type === 'list') {
      const items = await this.redis.lrange(full, 0, CACHE_VALUE_ROWS - 1);
      return { format: 'raw', rows: items.map((text, i) => ({ name: String(i), text, time: null })), total: await this.redis.llen(full) };
    }
    if (type === 'set') {
      const [, items] = await this.redis.sscan(full, '0', 'COUNT', CACHE_VALUE_ROWS);
      const rows = items.slice(0, CACHE_VALUE_ROWS).map((text, i) => ({ name: String(i + 1), text, time: null }));
      return { format: 'raw', rows, total: await this.redis.scard(full) };
    }
    return { format: 'raw', rows: [], total: 0 };
  }

  async remove(key: string): Promise<boolean> {
    return (await this.redis.unlink(this.prefix + key)) > 0;
  }

  async removeMatching(group: CacheGroup, q: string): Promise<number> {
    let deleted = 0;
    // SCAN may return a key twice; UNLINK counts what it removed, so nothing is counted twice.
    for (let round = 0; round < 10; round++) {
      const before = deleted;
      const finished = await this.scan(group, q, async (keys) => {
        for (let i = 0; i < keys.length; i += UNLINK_BATCH) deleted += await this.redis.unlink(...keys.slice(i, i + UNLINK_BATCH));
        return true;
      });
      if (finished || deleted === before) break;
    }
    return deleted;
  }

  /** The Redis server, as INFO says. */
  async server(): Promise<NonNullable<CacheOverview['server']>> {
    const info = new Map(
      (await this.redis.info('server', 'memory', 'clients', 'keyspace'))
        .split('\r\n')
        .filter((line) => line.includes(':'))
        .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)] as const),
    );
    const db = /keys=(\d+)/.exec(info.get(`db${String(this.redis.options.db ?? 0)}`) ?? '');
    return {
      version: info.get('redis_version') ?? '',
      usedMemoryBytes: Number(info.get('used_memory') ?? 0),
      keys: Number(db?.[1] ?? 0),
      uptimeS: Number(info.get('uptime_in_seconds') ?? 0),
      clients: Number(info.get('connected_clients') ?? 0),
    };
  }

  /** The product's pub/sub channels (the bus, state, acks, each instance's ingest) and who listens on each. */
  async channels(): Promise<CacheOverview['channels']> {
    const names = ((await this.redis.pubsub('CHANNELS', `${literal(this.prefix)}*`)) as string[]).sort(byName).slice(0, 100);
    if (names.length === 0) return [];
    const flat = (await this.redis.call('PUBSUB', 'NUMSUB', ...names)) as Array<string | number>;
    const out: CacheOverview['channels'] = [];
    for (let i = 0; i + 1 < flat.length; i += 2)
      out.push({ name: String(flat[i]).slice(this.prefix.length), subscribers: Number(flat[i + 1]) });
    return out;
  }
}
