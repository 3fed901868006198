import { describe, expect, it } from 'vitest';
import { candleValues } from './kline-option';

describe('k-line candles in engineering units', () => {
  const candle = { t: 0, open: 100, close: 110, low: 90, high: 130, n: 4 };

  it('scales the raw values by the register’s decimals, as echarts wants them: open, close, low, high', () => {
    expect(candleValues(candle, { decimals: 1 })).toEqual([10, 11, 9, 13]);
  });

  it('scales by a factor and offset, and a negative factor turns low and high round', () => {
    expect(candleValues(candle, { decimals: 1, factor: 0.5, offset: -40 })).toEqual([10, 15, 5, 25]);
    expect(candleValues(candle, { decimals: 0, factor: -1 })).toEqual([-100, -110, -130, -90]);
  });
});
