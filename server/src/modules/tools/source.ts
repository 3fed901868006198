import type { CacheGroup, CacheKeyDetail, CacheKeyInfo, CacheMode } from '@dms/contract';

/** Where the tool reads a group's keys: Redis (redis-cache.ts) or the answering instance's memory (memory-cache.ts). */
export interface CacheSource {
  readonly where: CacheMode;
  /** The group's key names (without REDIS_PREFIX) that contain `q`, in name order, at most CACHE_SCAN_LIMIT. */
  names(group: CacheGroup, q: string): Promise<{ names: string[]; capped: boolean }>;
  /** The facts of these keys, in their order; a key gone meanwhile is left out. */
  infos(names: readonly string[]): Promise<CacheKeyInfo[]>;
  /** A key with its value decoded; null when it is not there. */
  read(key: string): Promise<Omit<CacheKeyDetail, 'group'> | null>;
}

/** A source whose keys may be deleted (Redis). */
export interface DeletableSource extends CacheSource {
  /** Deletes the key; false when it was not there. */
  remove(key: string): Promise<boolean>;
  /** Deletes every key of the group that contains `q` (not only the first CACHE_SCAN_LIMIT); answers how many. */
  removeMatching(group: CacheGroup, q: string): Promise<number>;
}
