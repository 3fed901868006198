import type { RegisterDef } from '@dms/contract';
import { describe, expect, it } from 'vitest';
import { addReading, buildSeriesOption, mergeBuckets, pointsFor } from './series-option';

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

  it('stacked: each average an area on the ones before, on one axis, without bands', () => {
    const option = buildSeriesOption({
      series: [
        { register: 1, name: 'A', def: def(1, 'kW', 0), buckets: [bucket(10, 5, 5, 5)] },
        { register: 2, name: 'B', def: def(2, 'kW', 0), buckets: [bucket(10, 7, 7, 7)] },
      ],
      from: 0,
      to: 100,
      zoom: { start: 0, end: 100 },
      labels: { band: 'min–max' },
      formatTime: String,
      formatAxis: String,
      compact: false,
      stacked: true,
    });
    expect(option.series.map((s) => [s.id, s.stack, s.yAxisIndex])).toEqual([
      ['avg-1', 'total', 0],
      ['avg-2', 'total', 0],
    ]);
    expect(option.yAxis).toHaveLength(1);
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
    expect(option.yAxis.map((a) => [a.name, a.show])).toEqual([
      ['MPa', true],
      ['°C', true],
      ['A', false],
    ]);
    expect(byId.get('avg-3')?.yAxisIndex).toBe(2);
    expect(option.legend.data).toEqual(['A (MPa)', 'B (°C)', 'C (A)']);
  });
});

describe('a live reading added to a chart', () => {
  const result = {
    bucketMs: 1000,
    level: 'raw' as const,
    series: [
      { register: 1, buckets: [{ t: 10_000, min: 4, max: 6, avg: 5, n: 2 }] },
      { register: 2, buckets: [] },
    ],
  };

  it('joins the bucket it falls in: min, max and the average over the count', () => {
    const next = addReading(result, 0, 60_000, 10_500, { 1: 8 });
    expect(next.series[0]?.buckets).toEqual([{ t: 10_000, min: 4, max: 8, avg: 6, n: 3 }]);
    expect(next.series[1]).toBe(result.series[1]);
  });

  it('opens a new bucket, aligned to the window start, in time order', () => {
    const next = addReading(result, 500, 60_000, 9_900, { 1: 3, 2: 7 });
    expect(next.series[0]?.buckets.map((b) => b.t)).toEqual([9_500, 10_000]);
    expect(next.series[0]?.buckets[0]).toEqual({ t: 9_500, min: 3, max: 3, avg: 3, n: 1 });
    expect(next.series[1]?.buckets).toEqual([{ t: 9_500, min: 7, max: 7, avg: 7, n: 1 }]);
    const later = addReading(result, 0, 60_000, 30_000, { 1: 9 });
    expect(later.series[0]?.buckets.map((b) => b.t)).toEqual([10_000, 30_000]);
  });

  it('leaves the result as it is for a reading outside the window or of other registers', () => {
    expect(addReading(result, 0, 60_000, 60_000, { 1: 9 })).toBe(result);
    expect(addReading(result, 20_000, 60_000, 19_999, { 1: 9 })).toBe(result);
    expect(addReading(result, 0, 60_000, 30_000, { 3: 9 })).toBe(result);
  });

  it("reads a register of two words, or a signed one, as its map says (its raw value, as the server's series)", () => {
    const defs = new Map([
      [1, { number: 1, decimals: 0, words: 2 as const }],
      [2, { number: 2, decimals: 1, signed: true }],
    ]);
    const next = addReading(result, 0, 60_000, 30_000, { 1: 1, 2: 0xff83, 3: 0x1170 }, defs);
    // Register 1 takes words 1 and 2 here: 0x0001 0xFF83.
    expect(next.series[0]?.buckets.at(-1)).toEqual({ t: 30_000, min: 0x1ff83, max: 0x1ff83, avg: 0x1ff83, n: 1 });
    expect(next.series[1]?.buckets).toEqual([{ t: 30_000, min: -125, max: -125, avg: -125, n: 1 }]);
    // Only the first of its words: no value of it.
    expect(addReading(result, 0, 60_000, 30_000, { 1: 1 }, new Map([[1, { number: 1, decimals: 0, words: 2 as const }]]))).toBe(result);
  });
});
