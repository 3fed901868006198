import { Alert, Empty, Spin, Typography } from 'antd';
import { api, type RegisterDef, type SeriesResult } from '@dms/contract';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { connect, type EChartsType } from 'echarts/core';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { call, endpointKey, endpointQuery } from '@/api/call';
import { useDeviceEvents } from '@/api/realtime';
import { isApiError } from '@/api/client';
import { EChart, registerECharts } from '@/components/EChart';
import { LiveMark } from '@/components/LiveMark';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useLatest } from '@/lib/useLatest';
import { useNow } from '@/lib/useNow';
import { registerName } from '@/features/devices/registers';
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
  /** The curves as stacked areas (chart management's stacked chart). */
  stacked?: boolean;
}

interface Zoom {
  start: number;
  end: number;
}

const FULL: Zoom = { start: 0, end: 100 };

/** The zoomed part's answer, over [from, to), loaded in the `session`th zoom of the chart. */
interface Detail {
  result: SeriesResult;
  from: number;
  to: number;
  session: number;
}

/** How the chart's zoom stands over one load of the whole window (`of`); `session` counts the zooms in from the whole window. */
interface ZoomState {
  of: string;
  zoom: Zoom;
  session: number;
}

/**
 * The zoomed part [from, to) of a chart (cached with its range and zoom session, so the part kept shown while the
 * next one loads tells where it lies, and a new zoom in starts without the last one's).
 */
function zoomedPart(input: { boxId: number; controller: number; registers: string; points: number }, part: Omit<Detail, 'result'>) {
  return queryOptions({
    queryKey: [...endpointKey(api.devices.series), 'zoomed', { ...input, ...part }] as const,
    queryFn: async ({ signal }): Promise<Detail> => {
      const result = await call(
        api.devices.series,
        {
          params: { boxId: input.boxId, controller: input.controller },
          query: { registers: input.registers.split(',').map(Number), from: part.from, to: part.to, points: input.points },
        },
        { signal },
      );
      return { ...part, result };
    },
  });
}

function chartZoom(chart: EChartsType): Zoom | null {
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
export function SeriesChart({
  boxId,
  controller,
  registers,
  defs,
  from,
  to,
  height = 380,
  testId = 'history-chart',
  group,
  deviceId,
  stacked = false,
}: SeriesChartProps) {
  const { t, lang } = useI18n();
  const [width, setWidth] = useState(1000);
  const [reloads, setReloads] = useState(0);
  const chartRef = useRef<EChartsType | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const key = registers.join(',');
  const points = pointsFor(width);
  const client = useQueryClient();

  // The whole window (cached); the last one stays drawn while the next loads, its failure shown until then.
  const overviewQuery = endpointQuery(api.devices.series, {
    params: { boxId, controller },
    query: { registers: key.split(',').map(Number), from, to, points },
  });
  const whole = useQuery({ ...overviewQuery, enabled: key !== '', placeholderData: keepPreviousData });
  const overview = whole.data ?? null;
  const loading = whole.isFetching;
  const failed = whole.isFetching ? null : whole.error;
  const error = failed ? (isApiError(failed) ? failed.message : t('history.chart.failed')) : null;
  const { refetch } = whole;

  // The zoom belongs to one load of the whole window: a new load (other inputs, or a reload) starts unzoomed.
  const windowId = JSON.stringify([boxId, controller, key, from, to, points, reloads]);
  const latestWindow = useLatest(windowId);
  const [zoomOf, setZoomOf] = useState<ZoomState | null>(null);
  const zoomState = zoomOf?.of === windowId ? zoomOf : null;
  const zoom = zoomState?.zoom ?? FULL;
  const session = zoomState?.session ?? 0;
  const zoomed = key !== '' && (zoom.start > 0 || zoom.end < 100);

  // The zoomed part, at the chart's resolution; the last one of this zoom stays while the next loads. Back at the
  // whole window it goes (a later zoom starts without it).
  const span = to - from;
  const zFrom = Math.floor(from + (span * zoom.start) / 100);
  const zTo = Math.ceil(from + (span * zoom.end) / 100);
  const partQuery = zoomedPart({ boxId, controller, registers: key, points }, { from: zFrom, to: zTo, session });
  const part = useQuery({ ...partQuery, enabled: zoomed && zTo > zFrom, placeholderData: keepPreviousData });
  const detail: Detail | null = zoomed && part.data?.session === session ? part.data : null;

  // Live while the window holds the present (checked again each minute, as the present moves on).
  const now = useNow(60_000);
  const live = deviceId !== undefined && from <= now && now < to;
  useDeviceEvents(live ? [deviceId] : [], (event) => {
    if (event.type === 'lagged') {
      setReloads((n) => n + 1);
      if (key) void refetch();
      return;
    }
    if (event.type !== 'values' || event.device !== deviceId) return;
    client.setQueryData(overviewQuery.queryKey, (r) => r && addReading(r, from, to, event.ts, event.values, defs));
    client.setQueryData(partQuery.queryKey, (d) => {
      if (!d) return d;
      const result = addReading(d.result, d.from, d.to, event.ts, event.values, defs);
      return result === d.result ? d : { ...d, result };
    });
  });

  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );

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
          const next = chartZoom(chart);
          if (!next) return;
          const current = latestWindow.current;
          setZoomOf((z) => {
            const old = z?.of === current ? z.zoom : FULL;
            if (Math.abs(old.start - next.start) < 0.01 && Math.abs(old.end - next.end) < 0.01) return z;
            // Zooming in from the whole window starts a new zoom session.
            const wasWhole = old.start <= 0 && old.end >= 100;
            const nextSession = (z?.session ?? 0) + (wasWhole ? 1 : 0);
            return { of: current, zoom: next, session: nextSession };
          });
        }, ZOOM_DEBOUNCE_MS);
      },
      finished: (_: unknown, chart: EChartsType) => {
        const w = chart.getWidth();
        setWidth((old) => (Math.abs(old - w) > 50 ? w : old));
      },
    }),
    [latestWindow, setZoomOf],
  );

  const axisFormat = useMemo(
    () =>
      new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang, {
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
      }),
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
      stacked,
    });
  }, [overview, detail, registers, defs, lang, from, to, zoom, t, width, axisFormat, stacked]);

  if (registers.length === 0) return <Empty description={t('history.registers.none')} />;
  if (error) return <Alert type="error" showIcon title={error} data-testid={`${testId}-error`} />;
  const empty = overview !== null && overview.series.every((s) => s.buckets.length === 0);
  return (
    <Spin spinning={loading}>
      {live && <LiveMark className="dms-chart-live" testId={`${testId}-live`} />}
      {empty && <Alert type="info" showIcon title={t('history.chart.empty')} style={{ marginBottom: 8 }} data-testid={`${testId}-empty`} />}
      <div
        data-testid={`${testId}-wrap`}
        data-bucket-ms={overview?.bucketMs ?? ''}
        data-level={overview?.level ?? ''}
        data-detail={detail ? `${detail.from}-${detail.to}` : ''}
      >
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
      {overview && !empty && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`${testId}-level`}>
          {t(`history.chart.level.${overview.level}`)}
        </Typography.Text>
      )}
    </Spin>
  );
}
