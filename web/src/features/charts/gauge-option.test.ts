import { describe, expect, it } from 'vitest';
import { gaugeChartOption, gaugeStops, LEVEL_COLOR, levelOf } from './gauge-option';

const def = {
  min: 0,
  max: 12,
  bands: [
    { to: 8, level: 'normal' as const },
    { to: 10, level: 'alert' as const },
    { to: 12, level: 'fault' as const },
  ],
};

describe('a gauge chart', () => {
  it('colours its dial by its bands, as fractions of its range', () => {
    expect(gaugeStops(def)).toEqual([
      [8 / 12, LEVEL_COLOR.normal],
      [10 / 12, LEVEL_COLOR.alert],
      [1, LEVEL_COLOR.fault],
    ]);
    expect(gaugeStops({ ...def, min: 4 })[0]).toEqual([0.5, LEVEL_COLOR.normal]);
  });
  it('tells the level of a value: up to a band’s end is that band; beyond the range, the end’s band', () => {
    expect([-1, 8, 8.1, 10, 11, 99].map((v) => levelOf(def, v))).toEqual(['normal', 'normal', 'alert', 'alert', 'fault', 'fault']);
  });
  it('keeps the needle on the dial but writes the value as it is; without a value, grey and no needle', () => {
    const option = gaugeChartOption(def, 15, 'bar', 1, '—') as {
      series: Array<{ data: Array<{ value: number }>; pointer: { show: boolean }; detail: { formatter: (v: number) => string } }>;
    };
    const s = option.series[0];
    expect(s?.data[0]?.value).toBe(12);
    expect(s?.pointer.show).toBe(true);
    const none = gaugeChartOption(def, null, 'bar', 1, '—') as typeof option;
    expect(none.series[0]?.pointer.show).toBe(false);
    expect(none.series[0]?.detail.formatter(0)).toBe('—');
    expect(s?.detail.formatter(12)).toBe('15.0 bar');
  });
});
