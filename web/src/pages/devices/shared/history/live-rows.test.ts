import type { HistoryRow } from '@dms/contract';
import { describe, expect, it } from 'vitest';
import { pruneFresh, withFresh } from './live-rows';

const row = (ts: number, flow = ts): HistoryRow => ({ ts, values: { '40008': flow } });
const page = (tss: number[], total = tss.length) => ({ total, items: tss.map((ts) => row(ts)) });

describe('live readings on the first page of the history table', () => {
  it('joins a reading newer than the answer at the top, counted, the page kept at its size', () => {
    const shown = withFresh(page([50, 40, 30], 12), [row(60)], 3, 0);
    expect(shown.items.map((r) => r.ts)).toEqual([60, 50, 40]);
    expect(shown.total).toBe(13);
  });

  it('keeps the reading when an answer asked for before it was stored comes after it (the flaky test)', () => {
    // The reading came and was shown; then a refetch that started before it was stored answered without it.
    const fresh = [row(60)];
    const stale = page([50, 40, 30], 12);
    const shown = withFresh(stale, fresh, 3, 0);
    expect(shown.items.map((r) => r.ts)).toEqual([60, 50, 40]);
    expect(shown.total).toBe(13);
    // An answer that holds it is not counted twice.
    const fresher = page([60, 50, 40], 13);
    expect(withFresh(fresher, fresh, 3, 0)).toBe(fresher);
    expect(pruneFresh(fresh, 60, 0)).toEqual([]);
    expect(pruneFresh(fresh, 50, 0)).toEqual(fresh);
  });

  it('leaves out readings outside the window, and counts each once', () => {
    const shown = withFresh(page([], 0), [row(5), row(20), row(20), row(99)], 10, 10, 50);
    expect(shown.items.map((r) => r.ts)).toEqual([20]);
    expect(shown.total).toBe(1);
    expect(pruneFresh([row(5), row(20)], null, 10)).toEqual([row(20)]);
  });
});
