import type { TransitionRow } from '@dms/contract';

/** Most transitions the live feed keeps. */
export const FEED_MAX = 50;

const feedKey = (r: TransitionRow) => `${r.deviceId}:${r.time}:${r.to}`;

/**
 * Joins two feeds, newest first, without repeats (the same device, time and new status), at most FEED_MAX. On equal
 * keys the row of `a` wins, so a reload's rows (with the company filled in) replace the live ones.
 */
export function mergeFeed(a: readonly TransitionRow[], b: readonly TransitionRow[]): TransitionRow[] {
  const seen = new Set<string>();
  const rows: TransitionRow[] = [];
  for (const r of [...a, ...b].sort((x, y) => y.time - x.time)) {
    const key = feedKey(r);
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push(r);
    if (rows.length >= FEED_MAX) break;
  }
  return rows;
}
