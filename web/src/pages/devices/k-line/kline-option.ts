import { engineeringValue, type Candle, type RegisterScale } from '@dms/contract';
import { escapeHtml } from '@/features/charts/series-option';

/**
 * Candles of raw values in engineering units, as the register scales them: [open, close, low, high] as echarts'
 * candlestick wants them (a negative factor turns low and high round).
 */
export function candleValues(c: Candle, scale: RegisterScale): [number, number, number, number] {
  const s = (v: number) => engineeringValue(scale, v);
  const [low, high] = [s(c.low), s(c.high)].sort((a, b) => a - b) as [number, number];
  return [s(c.open), s(c.close), low, high];
}

export interface KlineOptionInput {
  candles: readonly Candle[];
  scale: RegisterScale;
  name: string;
  unit: string;
  formatLabel: (ms: number) => string;
  labels: { open: string; close: string; low: string; high: string; count: string };
}

/** The echarts option of a k-line: a category axis of period starts, candlesticks, a range brush and inside zoom. */
export function buildKlineOption({ candles, scale, name, unit, formatLabel, labels }: KlineOptionInput) {
  // Categories are the candles' start times (ms, as text), shown formatted: tests and tools read the times as they are.
  const categories = candles.map((c) => String(c.t));
  const data = candles.map((c) => candleValues(c, scale));
  const many = candles.length > 60;
  return {
    animation: false,
    tooltip: {
      trigger: 'axis' as const,
      axisPointer: { type: 'cross' as const },
      confine: true,
      formatter: (params: unknown) => {
        const first = Array.isArray(params) ? (params[0] as { dataIndex?: number } | undefined) : undefined;
        const i = first?.dataIndex;
        if (i === undefined) return '';
        const c = candles[i];
        const v = data[i];
        if (!c || !v) return '';
        const u = unit ? ` ${escapeHtml(unit)}` : '';
        return [
          `<b>${formatLabel(c.t)}</b>`,
          `${labels.open}: ${v[0]}${u}`,
          `${labels.high}: ${v[3]}${u}`,
          `${labels.low}: ${v[2]}${u}`,
          `${labels.close}: ${v[1]}${u}`,
          `${labels.count}: ${c.n}`,
        ].join('<br/>');
      },
    },
    grid: { left: 56, right: 24, top: 40, bottom: 72 },
    xAxis: {
      type: 'category' as const,
      data: categories,
      boundaryGap: true,
      axisLabel: { hideOverlap: true, formatter: (v: string) => formatLabel(Number(v)) },
    },
    yAxis: { type: 'value' as const, name: unit, scale: true },
    dataZoom: [
      { type: 'slider' as const, bottom: 12, start: many ? 100 - Math.max(10, (60 / candles.length) * 100) : 0, end: 100 },
      { type: 'inside' as const },
    ],
    series: [
      {
        id: 'kline',
        name,
        type: 'candlestick' as const,
        data,
        itemStyle: { color: '#f5222d', color0: '#52c41a', borderColor: '#f5222d', borderColor0: '#52c41a' },
      },
    ],
  };
}
