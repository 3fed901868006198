import { CACHE_VALUE_ROWS, type CacheKeyDetail, type CacheValueRow } from '@dms/contract';

/** A key's value as the tool shows it (the detail without the key's own facts). */
export type Decoded = Pick<CacheKeyDetail, 'format' | 'rows' | 'total'>;

/**
 * The work one instance runs for all, by the name its leader owns (`members.owns('job:<name>')`): the history's
 * retention (ingest/snapshots.ts), the rollups (history/rollup-job.ts) and the session prune (user/index.ts).
 */
export const ONCE_ONLY_JOBS = ['retention', 'rollups', 'sessions'] as const;

/** Failed sign-in attempts, newest first, by when each began. */
export function failureRows(times: readonly number[]): Decoded {
  const newest = [...times].sort((a, b) => b - a);
  return {
    format: 'failures',
    rows: newest.slice(0, CACHE_VALUE_ROWS).map((time, i) => ({ name: String(newest.length - i), text: null, time })),
    total: times.length,
  };
}

/**
 * The live instances: each with when it expires unless it beats again (null in memory), and the once-only jobs it
 * leads as the answering instance sees the members (`* ` marks the answering instance).
 */
export function memberRows(
  members: ReadonlyArray<{ instance: string; expires: number | null }>,
  self: string,
  leaderOf: (job: string) => string,
): Decoded {
  const rows = members.slice(0, CACHE_VALUE_ROWS).map(({ instance, expires }) => ({
    name: instance === self ? `* ${instance}` : instance,
    text: ONCE_ONLY_JOBS.filter((job) => leaderOf(`job:${job}`) === instance).join(', '),
    time: expires,
  }));
  return { format: 'members', rows, total: members.length };
}

/** A JSON object's fields (an export job); times (`…At`) as times. Anything else is shown raw. */
export function jsonRows(text: string): Decoded {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return rawRows(text);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return rawRows(text);
  const entries = Object.entries(value);
  const rows = entries.slice(0, CACHE_VALUE_ROWS).map(([name, v]): CacheValueRow => {
    if (name.endsWith('At') && typeof v === 'number') return { name, text: null, time: v };
    return { name, text: typeof v === 'string' ? v : JSON.stringify(v), time: null };
  });
  return { format: 'fields', rows, total: entries.length };
}

/** An export's file: its size and kind (its contents are not shown). */
export function fileRows(bytes: number, kind: string): Decoded {
  return {
    format: 'file',
    rows: [
      { name: 'bytes', text: String(bytes), time: null },
      { name: 'kind', text: kind, time: null },
    ],
    total: 2,
  };
}

/** What a file's first bytes say it is: a workbook (a zip) or text. */
export function fileKind(head: Buffer): string {
  return head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) ? 'xlsx' : 'csv';
}

/** Text shown as it is, a line a row (at most CACHE_VALUE_ROWS lines of at most 1,000 characters). */
export function rawRows(text: string): Decoded {
  const lines = text.split('\n');
  return {
    format: 'raw',
    rows: lines.slice(0, CACHE_VALUE_ROWS).map((line, i) => ({ name: String(i + 1), text: line.slice(0, 1000), time: null })),
    total: lines.length,
  };
}

/** Names in the order people expect: `values:2` before `values:10`. */
export const byName = new Intl.Collator('en', { numeric: true }).compare;
