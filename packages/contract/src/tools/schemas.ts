import { z } from 'zod';
import { pageOf, pageQuery } from '../envelope.js';

// ---- /tools/redis: the cache tool (root) ----

/**
 * The product's shared state, by group: each group is the keys under one of the product's prefixes (after
 * REDIS_PREFIX). The tool shows nothing else and deletes nothing else.
 * - `login`: the sign-in protection's failures (`login:pair:<user>@<address>`, `login:address:…`, `login:username:…`);
 * - `members`: the live instances, each with its last beat; which instance leads each once-only job follows from it;
 * - `export`, `export-file`: export jobs and their finished files, until downloaded or expired;
 * - `values`: the latest values of each box (`values:<boxId>`), held in each instance's memory (and sent to the others),
 *   never in Redis: shown from the instance that answers, read-only.
 */
export const CACHE_GROUPS = ['login', 'members', 'export', 'export-file', 'values'] as const;
export type CacheGroup = (typeof CACHE_GROUPS)[number];

/** A group's keys: `members` is one key; the others begin with `<group>:`. */
export function cachePattern(group: CacheGroup): string {
  return group === 'members' ? 'members' : `${group}:`;
}

/** The group a key (without REDIS_PREFIX) belongs to; null when it is none of the product's. */
export function cacheGroupOf(key: string): CacheGroup | null {
  if (key === 'members') return 'members';
  const at = key.indexOf(':');
  if (at <= 0 || at === key.length - 1) return null;
  const group = key.slice(0, at);
  return (CACHE_GROUPS as readonly string[]).includes(group) && group !== 'members' ? (group as CacheGroup) : null;
}

/** What the tool never deletes: the instances rewrite `members` every second; `values` are not in Redis. */
export const CACHE_KEPT_GROUPS: readonly CacheGroup[] = ['members', 'values'];

/** At most this many keys of a group are listed (sorted) and counted; more are said to be more. */
export const CACHE_SCAN_LIMIT = 10_000;

/** At most this many entries of a key's value are shown (a sorted set's members, a job's fields, a box's values). */
export const CACHE_VALUE_ROWS = 200;

export const CACHE_MODES = ['redis', 'memory'] as const;
export type CacheMode = (typeof CACHE_MODES)[number];

export const cacheGroupInfo = z.object({
  group: z.enum(CACHE_GROUPS),
  /** The keys' beginning, with REDIS_PREFIX (what `SCAN MATCH` is given, without its `*`). */
  pattern: z.string(),
  /** Where the group lives: Redis, or the answering instance's memory (read-only). */
  where: z.enum(CACHE_MODES),
  keys: z.number().int(),
  /** More keys than CACHE_SCAN_LIMIT: `keys` is that limit. */
  capped: z.boolean(),
  deletable: z.boolean(),
});
export type CacheGroupInfo = z.infer<typeof cacheGroupInfo>;

export const cacheOverview = z.object({
  /** `memory`: without REDIS_URL; what the tool shows is this server's memory, read-only. */
  mode: z.enum(CACHE_MODES),
  /** REDIS_PREFIX ('' in memory). */
  prefix: z.string(),
  /** The Redis server as INFO reports it (null in memory). */
  server: z
    .object({
      version: z.string(),
      usedMemoryBytes: z.number().int(),
      keys: z.number().int(),
      uptimeS: z.number().int(),
      clients: z.number().int(),
    })
    .nullable(),
  groups: z.array(cacheGroupInfo),
  /** The product's pub/sub channels and how many connections listen on each (the event bus, state, acks, ingest). */
  channels: z.array(z.object({ name: z.string(), subscribers: z.number().int() })),
});
export type CacheOverview = z.infer<typeof cacheOverview>;

const searchText = z.string().trim().max(200, { message: 'validation.tools.search' }).default('');

export const cacheKeysQuery = pageQuery.extend({ group: z.enum(CACHE_GROUPS), q: searchText });
export type CacheKeysQuery = Partial<z.output<typeof cacheKeysQuery>> & { group: CacheGroup };

export const cacheKeyInfo = z.object({
  /** Without REDIS_PREFIX. */
  key: z.string(),
  type: z.string(),
  /** ms to live; null: no expiry. */
  ttlMs: z.number().int().nullable(),
  /** What it takes (MEMORY USAGE in Redis; an estimate in memory); null when not known. */
  bytes: z.number().int().nullable(),
});
export type CacheKeyInfo = z.infer<typeof cacheKeyInfo>;

export const cacheKeysPage = pageOf(cacheKeyInfo).extend({ capped: z.boolean() });
export type CacheKeysPage = z.infer<typeof cacheKeysPage>;

/** A key of the product's: one of its groups' (checked here, so nothing else is ever read or deleted). */
const productKey = z
  .string()
  .min(1)
  .max(512)
  .refine((key) => cacheGroupOf(key) !== null, { message: 'validation.tools.key' });

export const cacheKeyQuery = z.object({ key: productKey });

/**
 * How a key's value is shown: `failures` (attempt → when), `members` (instance → last beat, `text` its once-only
 * jobs), `fields` (name → value: an export job), `file` (an export's bytes: only its size and kind), `values` (a box's
 * devices and registers → value), `raw` (anything else, as text, cut at CACHE_VALUE_ROWS lines).
 */
export const CACHE_FORMATS = ['failures', 'members', 'fields', 'file', 'values', 'raw'] as const;
export type CacheFormat = (typeof CACHE_FORMATS)[number];

export const cacheValueRow = z.object({ name: z.string(), text: z.string().nullable(), time: z.number().nullable() });
export type CacheValueRow = z.infer<typeof cacheValueRow>;

export const cacheKeyDetail = cacheKeyInfo.extend({
  group: z.enum(CACHE_GROUPS),
  format: z.enum(CACHE_FORMATS),
  rows: z.array(cacheValueRow),
  /** How many entries the value has (rows shows at most CACHE_VALUE_ROWS). */
  total: z.number().int(),
});
export type CacheKeyDetail = z.infer<typeof cacheKeyDetail>;

export const cacheDeleteKeyBody = z.object({ key: productKey, confirm: z.boolean().default(false) });
export type CacheDeleteKeyBody = z.input<typeof cacheDeleteKeyBody>;

export const cacheDeleteGroupBody = z.object({ group: z.enum(CACHE_GROUPS), q: searchText, confirm: z.boolean().default(false) });
export type CacheDeleteGroupBody = z.input<typeof cacheDeleteGroupBody>;

export const cacheDeleted = z.object({ deleted: z.number().int() });
export type CacheDeleted = z.infer<typeof cacheDeleted>;

// ---- /tools/sessions: every user's live sessions (root) ----

/** Every live session, most recently active first; `q` keeps those of user names containing it (any case). */
export const allSessionsQuery = pageQuery.extend({ q: z.string().trim().max(64).optional() });
export type AllSessionsQuery = z.input<typeof allSessionsQuery>;
