import type { HistoryRow } from '@dms/contract';
import type { PageOf } from '@/components/list-page/usePagedQuery';

/** Most live readings a table keeps that its server page does not hold yet (beyond: it loads the page again). */
export const MAX_FRESH = 500;

/** The newest time on a page (null when empty). */
export function newestOf(page: PageOf<HistoryRow>): number | null {
  return page.items.reduce<number | null>((max, r) => (max === null || r.ts > max ? r.ts : max), null);
}

/**
 * The first page of `size` rows, newest first, with the live readings the server's answer does not hold yet: the
 * server pushes a device's readings in rising time, so those newer than the newest row it answered came after the
 * answer was read, whenever the answer was asked for (a refetch that started before a reading was stored and ends
 * after it came must not take it away). Readings outside [from, to) are out of the window.
 */
export function withFresh(
  page: PageOf<HistoryRow>,
  fresh: readonly HistoryRow[],
  size: number,
  from: number,
  to = Number.POSITIVE_INFINITY,
): PageOf<HistoryRow> {
  const newest = newestOf(page) ?? Number.NEGATIVE_INFINITY;
  const seen = new Set<number>();
  const add = fresh.filter((r) => {
    if (r.ts <= newest || r.ts < from || r.ts >= to || seen.has(r.ts)) return false;
    seen.add(r.ts);
    return true;
  });
  if (add.length === 0) return page;
  const items = [...add, ...page.items].sort((a, b) => b.ts - a.ts).slice(0, size);
  return { total: page.total + add.length, items };
}

/** The live readings still to show after an answer whose newest row is `newest` (the older ones are in it). */
export function pruneFresh(fresh: readonly HistoryRow[], newest: number | null, from: number): HistoryRow[] {
  return fresh.filter((r) => r.ts >= from && (newest === null || r.ts > newest));
}
