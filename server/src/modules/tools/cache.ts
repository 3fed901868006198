import {
  CACHE_GROUPS,
  CACHE_KEPT_GROUPS,
  CACHE_SCAN_LIMIT,
  cacheGroupOf,
  cachePattern,
  Code,
  type CacheDeleted,
  type CacheGroup,
  type CacheKeyDetail,
  type CacheKeysPage,
  type CacheOverview,
} from '@dms/contract';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import type { MemoryCache } from './memory-cache.js';
import type { RedisCache } from './redis-cache.js';
import type { CacheSource } from './source.js';

/** A call of Redis that failed for want of Redis answers its translated 503, never a 500. */
async function answered<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(Code.SERVICE_UNAVAILABLE, 'error.tools.redisAway');
  }
}

/**
 * The cache tool's rules (/tools/redis, root; issue 26): the product's shared state by group, from Redis with
 * REDIS_URL and from this instance's memory without it (read-only, and said so); the latest values always from memory,
 * as each instance keeps them. Only the product's groups are ever read or deleted (the contract refuses any other
 * name); `members` is never deleted (the instances rewrite it every second). Reading a key's value and every delete go
 * to the operation log; a delete is confirmed first with what it would delete.
 */
export class CacheService {
  constructor(
    private readonly memory: MemoryCache,
    private readonly redis: RedisCache | null,
    private readonly audit: Audit,
  ) {}

  private sourceOf(group: CacheGroup): CacheSource {
    return group === 'values' || !this.redis ? this.memory : this.redis;
  }

  private deletable(group: CacheGroup): boolean {
    return this.redis !== null && !CACHE_KEPT_GROUPS.includes(group);
  }

  overview(): Promise<CacheOverview> {
    return answered(async () => {
      const groups = await Promise.all(
        CACHE_GROUPS.map(async (group) => {
          const source = this.sourceOf(group);
          const { names, capped } = await source.names(group, '');
          const pattern = (source.where === 'redis' ? (this.redis?.prefix ?? '') : '') + cachePattern(group);
          return { group, pattern, where: source.where, keys: names.length, capped, deletable: this.deletable(group) };
        }),
      );
      if (!this.redis) return { mode: 'memory', prefix: '', server: null, groups, channels: [] };
      const [server, channels] = await Promise.all([this.redis.server(), this.redis.channels()]);
      return { mode: 'redis', prefix: this.redis.prefix, server, groups, channels };
    });
  }

  keys(query: { group: CacheGroup; q: string; page: number; page_size: number }): Promise<CacheKeysPage> {
    return answered(async () => {
      const source = this.sourceOf(query.group);
      const { names, capped } = await source.names(query.group, query.q);
      const from = (query.page - 1) * query.page_size;
      const items = await source.infos(names.slice(from, from + query.page_size));
      return { total: names.length, items, capped };
    });
  }

  /** A key's value: read, then logged (who looked at what). */
  key(auth: AuthContext, key: string, ip: string): Promise<CacheKeyDetail> {
    const group = groupOf(key);
    return answered(async () => {
      const detail = await this.sourceOf(group).read(key);
      if (!detail) throw new AppError(Code.NOT_FOUND, 'error.tools.keyGone', { key });
      await this.audit.record({ user: auth.user, action: 'tools.redisRead', target: key, outcome: 'ok', ip });
      return { ...detail, group };
    });
  }

  /** The Redis source, when this group's keys may be deleted there; the reason they may not otherwise. */
  private deleter(group: CacheGroup, key: string): RedisCache {
    if (group === 'members') throw new AppError(Code.REJECTED, 'error.tools.membersKept', { key });
    if (group === 'values') throw new AppError(Code.REJECTED, 'error.tools.valuesKept');
    if (!this.redis || !this.deletable(group)) throw new AppError(Code.REJECTED, 'error.tools.readOnly');
    return this.redis;
  }

  deleteKey(auth: AuthContext, body: { key: string; confirm: boolean }, ip: string): Promise<CacheDeleted> {
    const { key } = body;
    const redis = this.deleter(groupOf(key), key);
    return answered(async () => {
      if (!body.confirm) {
        if ((await redis.infos([key])).length === 0) throw new AppError(Code.NOT_FOUND, 'error.tools.keyGone', { key });
        throw new AppError(Code.WARNING_CONFIRM, 'tools.deleteKeyConfirm', { key });
      }
      if (!(await redis.remove(key))) throw new AppError(Code.NOT_FOUND, 'error.tools.keyGone', { key });
      await this.audit.record({ user: auth.user, action: 'tools.redisDelete', target: key, newValue: '1 deleted', outcome: 'ok', ip });
      return { deleted: 1 };
    });
  }

  deleteGroup(auth: AuthContext, body: { group: CacheGroup; q: string; confirm: boolean }, ip: string): Promise<CacheDeleted> {
    const { group, q } = body;
    const redis = this.deleter(group, cachePattern(group));
    const pattern = redis.prefix + cachePattern(group);
    return answered(async () => {
      if (!body.confirm) {
        const { names, capped } = await redis.names(group, q);
        if (names.length === 0) throw new AppError(Code.REJECTED, 'error.tools.nothingToDelete');
        const count = capped ? `${CACHE_SCAN_LIMIT}+` : names.length;
        throw q === ''
          ? new AppError(Code.WARNING_CONFIRM, 'tools.deleteGroupConfirm', { count, pattern })
          : new AppError(Code.WARNING_CONFIRM, 'tools.deleteSearchConfirm', { count, pattern, q });
      }
      const deleted = await redis.removeMatching(group, q);
      if (deleted === 0) throw new AppError(Code.REJECTED, 'error.tools.nothingToDelete');
      const target = q === '' ? `${pattern}*` : `${pattern}*${q}*`;
      await this.audit.record({ user: auth.user, action: 'tools.redisDelete', target, newValue: `${deleted} deleted`, outcome: 'ok', ip });
      return { deleted };
    });
  }
}

/** The key's group (the contract let through only the product's keys). */
function groupOf(key: string): CacheGroup {
  const group = cacheGroupOf(key);
  if (group === null) throw new AppError(Code.VALIDATION_FAILED, 'validation.tools.key');
  return group;
}
