import { describe, expect, it } from 'vitest';
import { percent, stateShares, stopWindow } from './stop-status-view';

describe('the stop-status chart’s figures', () => {
  it('lists the states that hold time with their shares, in order', () => {
    const shares = stateShares({ running: 0, loaded: 3000, unloaded: 1000, stopped: 0, faulted: 0, offline: 0 });
    expect(shares).toEqual([
      { state: 'loaded', ms: 3000, share: 0.75 },
      { state: 'unloaded', ms: 1000, share: 0.25 },
    ]);
    expect(stateShares({ running: 0, loaded: 0, unloaded: 0, stopped: 0, faulted: 0, offline: 0 })).toEqual([]);
  });
  it('writes shares as percentages with one decimal', () => {
    expect([0, 0.1666, 0.5, 1].map(percent)).toEqual(['0.0%', '16.7%', '50.0%', '100.0%']);
  });
  it('windows end now; today starts at the local midnight', () => {
    expect(stopWindow('today', 10_000_000, 4_000_000)).toEqual({ from: 4_000_000, to: 10_000_000 });
    expect(stopWindow('7d', 1_000_000_000, 0)).toEqual({ from: 1_000_000_000 - 7 * 86_400_000, to: 1_000_000_000 });
  });
});
