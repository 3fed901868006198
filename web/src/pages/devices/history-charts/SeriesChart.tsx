import { Alert, Badge, Empty, Spin, Typography } from 'antd';
import type { RegisterDef, SeriesResult } from '@dms/contract';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { connect, type EChartsType } from 'echarts/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getSeries } from '../../../api/history';
import { useDeviceEvents } from '../../../api/realtime';
import { isApiError } from '../../../api/client';
import { EChart, registerECharts } from '../../../components/EChart';
import { useI18n } from '../../../i18n';
import { formatTime } from '../../../lib/format-time';
import { useNow } from '../../../lib/useNow';
import { registerName } from '../shared/registers';
import { addReading, buildSeriesOption, mergeResults, pointsFor } from './series-option';

registerECharts([LineChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent]);

/** Wait after the last zoom move before asking the server for the zoomed part. */
const ZOOM_DEBOUNCE_MS = 400;

export interface SeriesChartProps {
  boxId: number;
  controller: number;
  registers: readonly number[];
  defs: ReadonlyMap<number, RegisterDef>;
  from: number;
  to: number;
  height?: number;
  testId?: string;
  /** Charts of one group zoom together (echarts connect). */
  group?: string;
  /** The device's id (as the API gives it): while the window holds the present, its new readings join the chart live. */
  deviceId?: number;
}

interface Zoom {
  start: number;
  end: number;
}

const FULL: Zoom = { start: 0, end: 100 };

function zoomOf(chart: EChartsType): Zoom | null {
  const option = chart.getOption() as { dataZoom?: Array<{ start?: number; end?: number }> };
  const dz = option.dataZoom?.[0];
  if (!dz || dz.start === undefined || dz.end === undefined) return null;
  return { start: dz.start, end: dz.end };
}

/**
 * A history chart of registers over [from, to) from the server's downsampled series: average lines with min–max
 * bands, a range brush and inside zoom. Zooming in asks the server again for the zoomed part (debounced), so the
 * resolution follows the zoom; the points asked for follow the chart's width (at most MAX_SERIES_POINTS). While the
 * window holds the present, the device's new readings join their buckets as they come (live push).
 */
export function SeriesChart({ boxId, controller, registers, defs, from, to, height = 380, testId = 'history-chart', group, deviceId }: SeriesChartProps) {
  const { t, lang } = useI18n();
  const [width, setWidth] = useState(1000);
  const [overview, setOverview] = useState<SeriesResult | null>(null);
  const [detail, setDetail] = useState<{ result: SeriesResult; from: number; to: number } | null>(null);
  const [zoom, setZoom] = useState<Zoom>(FULL);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [refetches, setRefetches] = useState(0);
  const chartRef = useRef<EChartsType | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const key = registers.join(',');
  const points = pointsFor(width);

  // The whole window.
  useEffect(() => {
    if (!key) return undefined;
    const abort = new AbortController();
    setLoading(true);
    setError(null);
    setDetail(null);
    setZoom(FULL);
    getSeries(boxId, controller, { registers: key.split(',').map(Number), from, to, points }, abort.signal)
      .then((r) => setOverview(r))
      .catch((e: unknown) => {
        if (!abort.signal.aborted) setError(isApiError(e) ? e.message : t('history.chart.failed'));
      })
      .finally(() => {
        if (!abort.signal.aborted) setLoading(false);
      });
    return () => abort.abort();
  }, [boxId, controller, key, from, to, points, t, refetches]);

  // Live while the window holds the present (checked again each minute, as the present moves on).
  const now = useNow(60_000);
  const live = deviceId !== undefined && from <= now && now < to;
  useDeviceEvents(live ? [deviceId] : [], (event) => {
    if (event.type === 'lagged') {
      setRefetches((n) => n + 1);
      return;
    }
    if (event.type !== 'values' || event.device !== deviceId) return;
    setOverview((r) => (r ? addReading(r, from, to, event.ts, event.values) : r));
    setDetail((d) => {
      if (!d) return d;
      const result = addReading(d.result, d.from, d.to, event.ts, event.values);
      return result === d.result ? d : { ...d, result };
    });
  });

  // The zoomed part, at the chart's resolution.
  useEffect(() => {
    if (!key || (zoom.start <= 0 && zoom.end >= 100)) {
      setDetail(null);
      return undefined;
    }
    const span = to - from;
    const zFrom = Math.floor(from + (span * zoom.start) / 100);
    const zTo = Math.ceil(from + (span * zoom.end) / 100);
    if (zTo <= zFrom) return undefined;
    const abort = new AbortController();
    getSeries(boxId, controller, { registers: key.split(',').map(Number), from: zFrom, to: zTo, points }, abort.signal)
      .then((result) => setDetail({ result, from: zFrom, to: zTo }))
      .catch(() => undefined);
    return () => abort.abort();
  }, [boxId, controller, key, from, to, points, zoom]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onChart = useCallback(
    (chart: EChartsType | null) => {
      chartRef.current = chart;
      if (!chart) return;
      setWidth(chart.getWidth());
      if (group) {
        chart.group = group;
        connect(group);
      }
    },
    [group],
  );

  const onEvents = useMemo(
    () => ({
      datazoom: (_: unknown, chart: EChartsType) => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          const next = zoomOf(chart);
          if (next) setZoom((z) => (Math.abs(z.start - next.start) < 0.01 && Math.abs(z.end - next.end) < 0.01 ? z : next));
        }, ZOOM_DEBOUNCE_MS);
      },
      finished: (_: unknown, chart: EChartsType) => {
        const w = chart.getWidth();
        setWidth((old) => (Math.abs(old - w) > 50 ? w : old));
      },
    }),
    [],
  );

  const axisFormat = useMemo(
    () => new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang, { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false }),
    [lang],
  );
  const option = useMemo(() => {
    if (!overview) return null;
    const merged = mergeResults(overview, detail?.result ?? null, detail?.from ?? 0, detail?.to ?? 0);
    const series = registers
      .filter((n) => merged.has(n))
      .map((n) => {
        const def = defs.get(n);
        return { register: n, name: def ? registerName(def, lang) : `#${n}`, def, buckets: merged.get(n) ?? [] };
      });
    return buildSeriesOption({
      series,
      from,
      to,
      zoom,
      labels: { band: t('history.chart.band') },
      formatTime: (ms) => formatTime(ms, lang),
      formatAxis: (ms) => axisFormat.format(new Date(ms)),
      compact: width < 600,
    });
  }, [overview, detail, registers, defs, lang, from, to, zoom, t, width, axisFormat]);

  if (registers.length === 0) return <Empty description={t('history.registers.none')} />;
  if (error) return <Alert type="error" showIcon title={error} data-testid={`${testId}-error`} />;
  const empty = overview !== null && overview.series.every((s) => s.buckets.length === 0);
  return (
    <Spin spinning={loading}>
      {live && (
        <Badge
          status="processing"
          text={<Typography.Text type="secondary">{t('devices.list.live')}</Typography.Text>}
          className="dms-chart-live"
          data-testid={`${testId}-live`}
        />
      )}
      {empty && <Alert type="info" showIcon title={t('history.chart.empty')} style={{ marginBottom: 8 }} data-testid={`${testId}-empty`} />}
      <div data-testid={`${testId}-wrap`} data-bucket-ms={overview?.bucketMs ?? ''} data-detail={detail ? `${detail.from}-${detail.to}` : ''}>
        <EChart
          option={option ?? {}}
          notMerge={false}
          replaceMerge={['series', 'yAxis']}
          height={height}
          onEvents={onEvents}
          onChart={onChart}
          data-testid={testId}
          aria-label={t('history.chart.label')}
        />
      </div>
    </Spin>
  );
}
