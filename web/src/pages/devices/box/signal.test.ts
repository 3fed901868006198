import { describe, expect, it } from 'vitest';
import { readSignal } from './signal';

describe('box signal', () => {
  it('reads dBm and CSQ as a percentage and bars, unknown as null', () => {
    expect(readSignal(-51)).toEqual({ kind: 'dbm', raw: -51, percent: 100, bars: 5 });
    expect(readSignal(-113)).toEqual({ kind: 'dbm', raw: -113, percent: 0, bars: 0 });
    expect(readSignal(-71)?.percent).toBe(68);
    expect(readSignal(31)).toEqual({ kind: 'csq', raw: 31, percent: 100, bars: 5 });
    expect(readSignal(15)?.bars).toBe(3);
    expect(readSignal(99)).toBeNull();
    expect(readSignal(null)).toBeNull();
    expect(readSignal(50)).toBeNull();
  });
});
