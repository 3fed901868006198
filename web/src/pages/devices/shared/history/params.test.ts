import { describe, expect, it } from 'vitest';
import { historyPaths } from '@/features/devices/links';
import { parseBoxController, parseDevice, parseKlineTag, parseTime } from '@/features/devices/params';

describe('history route parameters', () => {
  it('takes a box id and a controller index 1-32', () => {
    expect(parseDevice('100001', '1')).toEqual({ boxId: 100001, controller: 1 });
    expect(parseDevice('100001', '32')).toEqual({ boxId: 100001, controller: 32 });
    for (const [tag, controller] of [
      ['abc', '1'],
      ['0', '1'],
      ['-1', '1'],
      ['01', '1'],
      ['1.5', '1'],
      ['2147483648', '1'],
      ['1', '0'],
      ['1', '33'],
      ['1', 'x'],
      ['1e3', '1'],
    ]) {
      expect(parseDevice(tag, controller), `${tag}/${controller}`).toBeNull();
    }
  });

  it('takes epoch milliseconds up to a day ahead', () => {
    const now = 1_763_700_000_000;
    expect(parseTime('1763700000000', now)).toBe(now);
    expect(parseTime('0', now)).toBe(0);
    expect(parseTime(String(now + 86_400_001), now)).toBeNull();
    expect(parseTime('soon', now)).toBeNull();
    expect(parseTime('12345678901234567', now)).toBeNull();
  });

  it('reads {boxId}-{controller} and {boxId}[-{register}] tags', () => {
    expect(parseBoxController('100001-2')).toEqual({ boxId: 100001, controller: 2 });
    expect(parseBoxController('100001')).toBeNull();
    expect(parseBoxController('100001-40')).toBeNull();
    expect(parseKlineTag('100001')).toEqual({ boxId: 100001, register: null });
    expect(parseKlineTag('100001-40008')).toEqual({ boxId: 100001, register: 40008 });
    expect(parseKlineTag('100001-70000')).toBeNull();
    expect(parseKlineTag('100001-')).toBeNull();
  });

  it('builds the paths it parses', () => {
    expect(historyPaths.charts(5, 2, 1000)).toBe('/devices/history-charts/5-2/1000');
    expect(historyPaths.kline(5, 2, 40008)).toBe('/devices/k-line/5-40008/2');
    expect(historyPaths.kline(5, 2)).toBe('/devices/k-line/5/2');
    expect(historyPaths.errorDetails(5, 2, 1000, 7)).toBe('/devices/error-details/5/1000?controller=2&record=7');
  });
});
