import type { FeedRow } from './feed';
import { describe, expect, it } from 'vitest';
import { FEED_MAX, mergeFeed } from './feed';

const row = (deviceId: number, time: number, to: FeedRow['to'] = 'online_fault', company = ''): FeedRow => ({
  time,
  deviceId,
  boxId: 100_000 + deviceId,
  controller: 1,
  kind: null,
  company,
  from: 'online',
  to,
});

describe('the transition feed', () => {
  it('puts the newest first and drops repeats, keeping the first list’s row', () => {
    const live = [row(1, 300), row(2, 100)];
    const loaded = [row(1, 300, 'online_fault', 'Acme'), row(3, 200)];
    const merged = mergeFeed(loaded, live);
    expect(merged.map((r) => [r.deviceId, r.time])).toEqual([
      [1, 300],
      [3, 200],
      [2, 100],
    ]);
    expect(merged[0]?.company).toBe('Acme');
  });

  it('keeps the fault names a live row brought when the reload replaces it', () => {
    const faults = [{ kind: 'fault' as const, name: { en: 'Phase loss', zh: '缺相', es: 'Falta de fase', ja: '欠相' } }];
    const merged = mergeFeed([row(1, 300, 'online_fault', 'Acme')], [{ ...row(1, 300), faults }]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ company: 'Acme', faults });
  });

  it('keeps two changes of one device at the same time when the new status differs', () => {
    expect(mergeFeed([row(1, 5, 'online_fault')], [row(1, 5, 'online')])).toHaveLength(2);
  });

  it('keeps at most FEED_MAX rows', () => {
    const many = Array.from({ length: FEED_MAX + 20 }, (_, i) => row(i, i));
    const merged = mergeFeed(many, []);
    expect(merged).toHaveLength(FEED_MAX);
    expect(merged[0]?.time).toBe(FEED_MAX + 19);
  });
});
