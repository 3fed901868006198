import {
  MAX_SERIES_POINTS,
  engineeringValue,
  registerRaw,
  type RegisterCoding,
  type RegisterDef,
  type RegisterScale,
  type SeriesBucket,
  type SeriesResult,
} from '@dms/contract';

/**
 * Builds the echarts option of a history chart from /series buckets: per register an average line and a min–max
 * band (a transparent base plus the stacked difference) of the registers' raw values, scaled as each register says
 * (controller-types/values.ts); one y-axis per unit,
 * the first two shown (left, right), further units on hidden axes. Pure, so it is tested without a browser.
 */

export interface ChartSeriesInput {
  register: number;
  name: string;
  def: RegisterDef | undefined;
  buckets: readonly SeriesBucket[];
}

/** Points to ask for: about one per pixel of the chart's width, within the API's limit. */
export function pointsFor(widthPx: number): number {
  return Math.max(100, Math.min(MAX_SERIES_POINTS, Math.round(widthPx)));
}

/** Scaled as the register says, keeping one digit more than its own (an average may fall between steps). */
export function scaleAvg(def: RegisterScale, raw: number): number {
  return engineeringValue(def, raw, 1);
}
/** A bucket's min and max in engineering units, lower first (a negative factor turns them round). */
function scaledRange(def: RegisterScale, b: Pick<SeriesBucket, 'min' | 'max'>): [number, number] {
  const a = engineeringValue(def, b.min);
  const z = engineeringValue(def, b.max);
  return a <= z ? [a, z] : [z, a];
}
/** How a register the type does not know scales: not at all. */
const NO_SCALE: RegisterScale = { decimals: 0 };

/**
 * The overview's buckets outside [from, to) with the detail's buckets inside: what a zoomed chart shows, so the
 * range brush keeps the whole window while the zoomed part has the finer resolution.
 */
export function mergeBuckets(
  overview: readonly SeriesBucket[],
  detail: readonly SeriesBucket[] | undefined,
  from: number,
  to: number,
): SeriesBucket[] {
  if (!detail) return [...overview];
  return [...overview.filter((b) => b.t < from), ...detail, ...overview.filter((b) => b.t >= to)].sort((a, b) => a.t - b.t);
}

export function mergeResults(overview: SeriesResult, detail: SeriesResult | null, from: number, to: number): Map<number, SeriesBucket[]> {
  const out = new Map<number, SeriesBucket[]>();
  for (const s of overview.series) {
    const fine = detail?.series.find((d) => d.register === s.register)?.buckets;
    out.set(s.register, mergeBuckets(s.buckets, fine, from, to));
  }
  return out;
}

/**
 * A live reading added to a series result whose buckets start at `from` and are `result.bucketMs` long (the server's
 * alignment): each register's value goes into its bucket (min, max, average over the count), or into a new bucket
 * kept in time order. A reading outside [from, to), or of none of the result's registers, leaves it as it is (the same
 * object, so React does not redraw).
 */
export function addReading(
  result: SeriesResult,
  from: number,
  to: number,
  ts: number,
  values: Readonly<Record<string, number>>,
  defs?: ReadonlyMap<number, RegisterCoding>,
): SeriesResult {
  if (ts < from || ts >= to || result.bucketMs <= 0) return result;
  const t = from + Math.floor((ts - from) / result.bucketMs) * result.bucketMs;
  const series = result.series.map((s) => {
    const def = defs?.get(s.register);
    const value = def ? registerRaw(def, values) : values[String(s.register)];
    if (value === undefined) return s;
    const at = s.buckets.findIndex((b) => b.t >= t);
    const old = at >= 0 && s.buckets[at]?.t === t ? s.buckets[at] : undefined;
    const bucket: SeriesBucket = old
      ? { t, min: Math.min(old.min, value), max: Math.max(old.max, value), avg: (old.avg * old.n + value) / (old.n + 1), n: old.n + 1 }
      : { t, min: value, max: value, avg: value, n: 1 };
    const buckets = [...s.buckets];
    if (old) buckets[at] = bucket;
    else buckets.splice(at >= 0 ? at : buckets.length, 0, bucket);
    return { ...s, buckets };
  });
  // A series with a reading in `values` is a new object.
  return series.some((s, i) => s !== result.series[i]) ? { ...result, series } : result;
}

/** Text put into the tooltip's HTML. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const PALETTE = ['#1677ff', '#fa541c', '#52c41a', '#722ed1', '#13c2c2', '#eb2f96', '#faad14', '#2f54eb'];

export interface ChartOptionInput {
  series: readonly ChartSeriesInput[];
  from: number;
  to: number;
  /** The zoom in percent of the window. */
  zoom: { start: number; end: number };
  /** Texts: the band's name (the tooltip's min–max line). */
  labels: { band: string };
  /** Time as shown in the tooltip and on the range brush. */
  formatTime: (ms: number) => string;
  /** Time as shown on the axis (shorter). */
  formatAxis: (ms: number) => string;
  compact: boolean;
  /** Stacked (chart management's stacked chart): the averages as areas on one another, on one axis, without bands. */
  stacked?: boolean;
}

type Point = [number, number];

export function buildSeriesOption({ series, from, to, zoom, labels, formatTime, formatAxis, compact, stacked = false }: ChartOptionInput) {
  const units: string[] = [];
  for (const s of stacked ? series.slice(0, 1) : series) {
    const unit = s.def?.unit ?? '';
    if (!units.includes(unit)) units.push(unit);
  }
  const yAxis = units.map((unit, i) => ({
    type: 'value' as const,
    name: unit,
    show: i < 2,
    position: i === 1 ? ('right' as const) : ('left' as const),
    scale: true,
    splitLine: { show: i === 0 },
    axisLabel: { hideOverlap: true },
  }));
  if (yAxis.length === 0)
    yAxis.push({
      type: 'value',
      name: '',
      show: true,
      position: 'left',
      scale: true,
      splitLine: { show: true },
      axisLabel: { hideOverlap: true },
    });

  const out: Array<Record<string, unknown>> = [];
  series.forEach((s, i) => {
    const coding = s.def ?? NO_SCALE;
    const color = PALETTE[i % PALETTE.length];
    const yAxisIndex = stacked ? 0 : Math.max(0, units.indexOf(s.def?.unit ?? ''));
    const avg: Point[] = s.buckets.map((b) => [b.t, scaleAvg(coding, b.avg)]);
    const ranges = s.buckets.map((b) => scaledRange(coding, b));
    const min: Point[] = s.buckets.map((b, j) => [b.t, ranges[j]?.[0] ?? 0]);
    const spread: Point[] = s.buckets.map((b, j) => {
      const [lo, hi] = ranges[j] ?? [0, 0];
      return [b.t, Number((hi - lo).toFixed(coding.decimals))];
    });
    const band = `band-${s.register}`;
    // The legend names the unit: a curve on a hidden axis (a third unit) still says what it measures.
    const name = s.def?.unit && s.def.format === 'number' ? `${s.name} (${s.def.unit})` : s.name;
    if (stacked) {
      out.push({
        id: `avg-${s.register}`,
        name,
        type: 'line',
        data: avg,
        stack: 'total',
        yAxisIndex,
        showSymbol: false,
        color,
        lineStyle: { width: 1, color },
        areaStyle: { color, opacity: 0.45 },
        connectNulls: false,
      });
      return;
    }
    out.push(
      {
        id: `min-${s.register}`,
        // Same name as the average: the legend shows and hides a register's band with its line.
        name,
        type: 'line',
        data: min,
        stack: band,
        yAxisIndex,
        symbol: 'none',
        lineStyle: { opacity: 0 },
        tooltip: { show: false },
        silent: true,
        emphasis: { disabled: true },
      },
      {
        id: `spread-${s.register}`,
        // Same name as the average: the legend shows and hides a register's band with its line.
        name,
        type: 'line',
        data: spread,
        stack: band,
        yAxisIndex,
        symbol: 'none',
        lineStyle: { opacity: 0 },
        areaStyle: { color, opacity: 0.15 },
        tooltip: { show: false },
        silent: true,
        emphasis: { disabled: true },
      },
      {
        id: `avg-${s.register}`,
        name,
        type: 'line',
        data: avg,
        yAxisIndex,
        showSymbol: avg.length < 60,
        symbolSize: 5,
        color,
        lineStyle: { width: 1.5, color },
        connectNulls: false,
      },
    );
  });

  return {
    animation: false,
    color: PALETTE,
    legend: {
      show: series.length > 1,
      data: out.filter((o) => String(o.id).startsWith('avg-')).map((o) => String(o.name)),
      type: 'scroll' as const,
      top: 0,
    },
    tooltip: {
      trigger: 'axis' as const,
      axisPointer: { type: 'cross' as const },
      confine: true,
      formatter: (params: unknown) => {
        const items = (Array.isArray(params) ? params : [params]) as Array<{
          seriesId?: string;
          marker?: string;
          seriesName?: string;
          dataIndex?: number;
        }>;
        const lines: string[] = [];
        let time: number | undefined;
        for (const p of items) {
          const register = Number(/^avg-(\d+)$/.exec(p.seriesId ?? '')?.[1]);
          const input = series.find((x) => x.register === register);
          const bucket = p.dataIndex === undefined ? undefined : input?.buckets[p.dataIndex];
          if (!input || !bucket) continue;
          time ??= bucket.t;
          const d = input.def ?? NO_SCALE;
          const unit = input.def?.unit ? ` ${input.def.unit}` : '';
          const [lo, hi] = scaledRange(d, bucket);
          const spread = bucket.min === bucket.max ? '' : ` (${labels.band} ${lo} – ${hi})`;
          lines.push(
            `${p.marker ?? ''}${escapeHtml(p.seriesName ?? '')}: <b>${scaleAvg(d, bucket.avg)}${escapeHtml(unit)}</b>${escapeHtml(spread)}`,
          );
        }
        return time === undefined ? '' : [formatTime(time), ...lines].join('<br/>');
      },
    },
    grid: {
      left: compact ? 44 : 64,
      right: units.length > 1 ? (compact ? 44 : 64) : 24,
      top: series.length > 1 ? 48 : 32,
      bottom: 72,
      containLabel: false,
    },
    xAxis: {
      type: 'time' as const,
      min: from,
      max: to,
      axisLabel: { hideOverlap: true, formatter: (v: number) => formatAxis(v) },
    },
    yAxis,
    dataZoom: [
      {
        type: 'slider' as const,
        xAxisIndex: 0,
        filterMode: 'none' as const,
        start: zoom.start,
        end: zoom.end,
        bottom: 12,
        labelFormatter: (v: number) => formatTime(v),
      },
      { type: 'inside' as const, xAxisIndex: 0, filterMode: 'none' as const, start: zoom.start, end: zoom.end },
    ],
    series: out,
  };
}
