import {
  cacheGroupOf,
  CACHE_SCAN_LIMIT,
  CACHE_VALUE_ROWS,
  cachePattern,
  EXPORT_TTL_MS,
  type CacheGroup,
  type CacheKeyDetail,
  type CacheKeyInfo,
} from '@dms/contract';
import type { BoxState, DeviceState } from '../../ingest/state.js';
import type { StoredJob } from '../exports/store.js';
import { byName, fileRows, failureRows, jsonRows, memberRows, type Decoded } from './decode.js';
import type { CacheSource } from './source.js';

/** What this instance holds in memory of the state Redis would share (each read at the moment it is shown). */
export interface MemoryParts {
  now: () => number;
  /** The sign-in protection's failures counted here, named as in Redis, and their window. */
  failures: () => { entries: Array<{ key: string; times: readonly number[] }>; windowMs: number };
  /** The live instances as this one sees them, and which leads a job. */
  members: { self: string; live: () => readonly string[]; ownerOf: (key: string) => string };
  /** Export jobs held here (none when Redis holds them), with their files' sizes. */
  exports: () => Array<{ job: StoredJob; fileBytes: number | null }>;
  /** The boxes ingest holds, with their devices' latest values. */
  boxes: () => Iterable<BoxState>;
}

interface Entry extends CacheKeyInfo {
  decode: () => Decoded;
}

/**
 * The in-memory equivalents of the shared state, named as Redis names them: without REDIS_URL, the whole tool
 * (read-only); with it, the latest values, which every instance keeps in its own memory. Types are Redis's where the
 * structure is the same (a failure log is a sorted set, a job a string); a box's values are a `map`.
 */
export class MemoryCache implements CacheSource {
  readonly where = 'memory' as const;

  constructor(private readonly parts: MemoryParts) {}

  private *entries(group: CacheGroup): Generator<Entry> {
    const now = this.parts.now();
    if (group === 'login') {
      const { entries, windowMs } = this.parts.failures();
      for (const { key, times } of entries)
        yield {
          key,
          type: 'zset',
          ttlMs: Math.max(0, Math.max(...times) + windowMs - now),
          bytes: key.length + times.length * 16,
          decode: () => failureRows(times),
        };
    } else if (group === 'members') {
      const { self, live, ownerOf } = this.parts.members;
      const members = live().map((instance) => ({ instance, expires: null }));
      yield { key: 'members', type: 'zset', ttlMs: null, bytes: null, decode: () => memberRows(members, self, ownerOf) };
    } else if (group === 'export' || group === 'export-file') {
      for (const { job, fileBytes } of this.parts.exports()) {
        const ttlMs = job.finishedAt === null ? null : Math.max(0, job.finishedAt + EXPORT_TTL_MS - now);
        if (group === 'export') {
          const text = JSON.stringify(job);
          yield { key: `export:${job.id}`, type: 'string', ttlMs, bytes: text.length, decode: () => jsonRows(text) };
        } else if (fileBytes !== null) {
          const kind = job.fileName.slice(job.fileName.lastIndexOf('.') + 1);
          yield { key: `export-file:${job.id}`, type: 'string', ttlMs, bytes: fileBytes, decode: () => fileRows(fileBytes, kind) };
        }
      }
    } else {
      for (const box of this.parts.boxes()) {
        const devices = [...box.devices.values()].filter((d) => d.latest.size > 0);
        if (devices.length === 0) continue;
        const count = devices.reduce((n, d) => n + d.latest.size, 0);
        yield { key: `values:${box.boxId}`, type: 'map', ttlMs: null, bytes: count * 16, decode: () => valueRows(devices) };
      }
    }
  }

  names(group: CacheGroup, q: string): Promise<{ names: string[]; capped: boolean }> {
    const names: string[] = [];
    const pattern = cachePattern(group);
    for (const { key } of this.entries(group)) if (key.startsWith(pattern) && key.includes(q)) names.push(key);
    names.sort(byName);
    return Promise.resolve({ names: names.slice(0, CACHE_SCAN_LIMIT), capped: names.length > CACHE_SCAN_LIMIT });
  }

  private find(key: string): Entry | null {
    const group = cacheGroupOf(key);
    if (group === null) return null;
    for (const entry of this.entries(group)) if (entry.key === key) return entry;
    return null;
  }

  infos(names: readonly string[]): Promise<CacheKeyInfo[]> {
    const wanted = new Set(names);
    const found = new Map<string, CacheKeyInfo>();
    for (const group of new Set(names.map(cacheGroupOf)))
      if (group !== null)
        for (const { key, type, ttlMs, bytes } of this.entries(group)) if (wanted.has(key)) found.set(key, { key, type, ttlMs, bytes });
    return Promise.resolve(names.flatMap((name) => found.get(name) ?? []));
  }

  read(key: string): Promise<Omit<CacheKeyDetail, 'group'> | null> {
    const entry = this.find(key);
    if (!entry) return Promise.resolve(null);
    const { decode, ...info } = entry;
    return Promise.resolve({ ...info, ...decode() });
  }
}

/** A box's latest values: `<controller>/<register>` → value, stamped with the device's latest snapshot. */
function valueRows(devices: DeviceState[]): Decoded {
  const rows = devices
    .sort((a, b) => a.controller - b.controller)
    .flatMap((d) =>
      [...d.latest.entries()]
        .sort(([a], [b]) => a - b)
        .map(([register, value]) => ({ name: `${d.controller}/${register}`, text: String(value), time: d.latestTs })),
    );
  return { format: 'values', rows: rows.slice(0, CACHE_VALUE_ROWS), total: rows.length };
}
