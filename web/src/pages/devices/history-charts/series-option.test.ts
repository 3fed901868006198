import type { RegisterDef } from '@dms/contract';
import { describe, expect, it } from 'vitest';
import { buildSeriesOption, mergeBuckets, pointsFor } from './series-option';

const def = (number: number, unit: string, decimals: number): RegisterDef => ({
  number,
  key: `r${number}`,
  name: { en: `R${number}`, zh: `R${number}`, es: `R${number}`, ja: `R${number}` },
  format: 'number',
  unit,
  decimals,
  writable: false,
});
const bucket = (t: number, min: number, max: number, avg: number) => ({ t, min, max, avg, n: 1 });

describe('history chart option', () => {
  it('asks for about one point per pixel, within 100..4000', () => {
    expect(pointsFor(1200)).toBe(1200);
    expect(pointsFor(20)).toBe(100);
    expect(pointsFor(9000)).toBe(4000);
  });

  it('puts the zoomed detail inside the overview', () => {
    const overview = [bucket(0, 1, 1, 1), bucket(100, 2, 2, 2), bucket(200, 3, 3, 3), bucket(300, 4, 4, 4)];
    const detail = [bucket(100, 5, 5, 5), bucket(150, 6, 6, 6)];
    expect(mergeBuckets(overview, detail, 100, 200).map((b) => b.avg)).toEqual([1, 5, 6, 3, 4]);
    expect(mergeBuckets(overview, undefined, 100, 200)).toEqual(overview);
  });

  it('scales by decimals, draws a min-max band and one axis per unit (two shown)', () => {
    const option = buildSeriesOption({
      series: [
        { register: 1, name: 'A', def: def(1, 'MPa', 2), buckets: [bucket(10, 70, 90, 85)] },
        { register: 2, name: 'B', def: def(2, '°C', 1), buckets: [bucket(10, 700, 700, 700)] },
        { register: 3, name: 'C', def: def(3, 'A', 0), buckets: [bucket(10, 5, 5, 5)] },
      ],
      from: 0,
      to: 100,
      zoom: { start: 0, end: 100 },
      labels: { band: 'min–max' },
      formatTime: String,
      formatAxis: String,
      compact: false,
    });
    const byId = new Map(option.series.map((s) => [s.id, s]));
    expect(byId.get('avg-1')?.data).toEqual([[10, 0.85]]);
    expect(byId.get('min-1')?.data).toEqual([[10, 0.7]]);
    expect(byId.get('spread-1')?.data).toEqual([[10, 0.2]]);
    expect(byId.get('avg-2')?.data).toEqual([[10, 70]]);
    expect(option.yAxis.map((a) => [a.name, a.show])).toEqual([['MPa', true], ['°C', true], ['A', false]]);
    expect(byId.get('avg-3')?.yAxisIndex).toBe(2);
    expect(option.legend.data).toEqual(['A (MPa)', 'B (°C)', 'C (A)']);
  });
});
