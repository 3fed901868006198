import type { TransitionRow } from '@dms/contract';

/** A feed row: a transition, with the device's faults and alerts by name at that time when it went into one. */
/** A row of the live feed: as the summary gives it, or from a live event (whose reach is known once a summary row of the device has it). */
export type FeedRow = Omit<TransitionRow, 'reach'> & { reach?: TransitionRow['reach'] };

/** Most transitions the live feed keeps. */
export const FEED_MAX = 50;

const feedKey = (r: FeedRow) => `${r.deviceId}:${r.time}:${r.to}`;

/**
 * Joins two feeds, newest first, without repeats (the same device, time and new status), at most FEED_MAX. On equal
 * keys the row of `a` wins, so a reload's rows (with the company filled in) replace the live ones; the fault names a
 * live row brought stay with it.
 */
export function mergeFeed(a: readonly FeedRow[], b: readonly FeedRow[]): FeedRow[] {
  const seen = new Map<string, number>();
  const rows: FeedRow[] = [];
  for (const r of [...a, ...b].sort((x, y) => y.time - x.time)) {
    const key = feedKey(r);
    const at = seen.get(key);
    if (at !== undefined) {
      const kept = rows[at];
      if (kept && !kept.faults?.length && r.faults?.length) rows[at] = { ...kept, faults: r.faults };
      continue;
    }
    if (rows.length >= FEED_MAX) continue;
    seen.set(key, rows.length);
    rows.push(r);
  }
  return rows;
}
