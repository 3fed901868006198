import { Alert, Card, Empty, Segmented, Spin } from 'antd';
import { api, KLINE_PERIOD_MS, KLINE_PERIODS, type KlinePeriod, type KlineResult, MAX_CANDLES, MAX_RANGE_MS } from '@dms/contract';
import { CandlestickChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, TooltipComponent } from 'echarts/components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '@/api/client';
import { endpointQuery } from '@/api/call';
import { EChart, registerECharts } from '@/components/EChart';
import { useI18n } from '@/i18n';
import { registerName } from '@/features/devices/registers';
import { DeviceHeader } from '../shared/history/DeviceHeader';
import { parseController, parseKlineTag } from '@/features/devices/params';
import { RangeBar } from '../shared/history/RangeBar';
import { PRESET_MS, type TimeRange, type WindowChoice } from '../shared/history/range';
import { usePageSearch, usePageWindow } from '../shared/history/useWindow';
import { defaultRegisters, RegisterSelect } from '../shared/history/RegisterSelect';
import { useHistoryDevice, type HistoryDevice } from '../shared/history/useHistoryDevice';
import { buildKlineOption } from './kline-option';
import '../shared/history/history.css';

registerECharts([CandlestickChart, GridComponent, TooltipComponent, DataZoomComponent]);

/** Local midnight before `ms`: day candles are the user's days. */
function startOfDay(ms: number): number {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}
function startOfHour(ms: number): number {
  return Math.floor(ms / 3_600_000) * 3_600_000;
}

/** The candles' range: starts on a period boundary, ends at the end of the period holding `to`, within MAX_CANDLES. */
export function klineRange(range: TimeRange, period: KlinePeriod): { from: number; to: number } {
  const ms = KLINE_PERIOD_MS[period];
  const from = period === 'day' ? startOfDay(range.from) : startOfHour(range.from);
  const to = Math.max(from + ms, from + Math.ceil((range.to - from) / ms) * ms);
  return { from, to: Math.min(to, from + MAX_CANDLES * ms) };
}

/** The range when the URL names none: the last 24 hours. */
const DEFAULT_WINDOW: WindowChoice<keyof typeof PRESET_MS> = { preset: '24h' };

/**
 * /devices/k-line/:tagId/:controllerId: open, high, low and close of one register (one the user may read) per hour
 * or day. The tag is the box id, or `{boxId}-{register}` with the register preselected. The range
 * (`?range=1h|24h|7d` up to now, or `?from=&to=`) and the period (`?period=day`) are kept in the URL.
 */
export default function KlinePage() {
  const { tagId, controllerId } = useParams();
  const tag = parseKlineTag(tagId);
  const controller = parseController(controllerId);
  const loaded = useHistoryDevice(tag && controller !== null ? { boxId: tag.boxId, controller } : null);
  const { t } = useI18n();
  return (
    <Card title={t('history.route.kline')} data-testid="page-kline" loading={!loaded}>
      {loaded && <KlineBody loaded={loaded} register={tag?.register ?? null} />}
    </Card>
  );
}

function KlineBody({ loaded, register }: { loaded: HistoryDevice; register: number | null }) {
  const { t, lang } = useI18n();
  const { device, registers, readable } = loaded;
  const numbers = readable.filter((r) => r.format === 'number');
  const [chosen, setChosen] = useState<number | undefined>(() =>
    register !== null && readable.some((r) => r.number === register) ? register : defaultRegisters(numbers, 1)[0],
  );
  const search = usePageSearch();
  const period: KlinePeriod = KLINE_PERIODS.find((p) => p === search.params.get('period')) ?? 'hour';
  const setPeriod = (p: KlinePeriod) => {
    search.set({ period: p === 'hour' ? null : p });
  };
  const { range, choose } = usePageWindow(PRESET_MS, DEFAULT_WINDOW, MAX_RANGE_MS);
  const setRange = (next: TimeRange) => {
    choose(next.preset === 'custom' ? { preset: 'custom', from: next.from, to: next.to } : { preset: next.preset });
  };
  const span = klineRange(range, period);
  // Cached per register, period and span; the last candles stay drawn while the next ones load.
  const candles = useQuery({
    ...endpointQuery(api.history.kline, {
      params: { boxId: device.boxId, controller: device.controller },
      query: { register: chosen ?? 0, period, from: span.from, to: span.to },
    }),
    enabled: chosen !== undefined,
    placeholderData: keepPreviousData,
  });
  const result: KlineResult | null = candles.data ?? null;
  const loading = chosen !== undefined && candles.isFetching;
  const error = candles.error ? (isApiError(candles.error) ? candles.error.message : t('history.chart.failed')) : null;

  const def = chosen === undefined ? undefined : registers.get(chosen);
  const option = useMemo(() => {
    if (!result) return {};
    const dateFmt = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang, {
      month: '2-digit',
      day: '2-digit',
      ...(result.periodMs < 86_400_000 ? { hour: '2-digit', minute: '2-digit', hour12: false } : { year: 'numeric' }),
    });
    return buildKlineOption({
      candles: result.candles,
      scale: def ?? { decimals: 0 },
      name: def ? registerName(def, lang) : `#${result.register}`,
      unit: def?.unit ?? '',
      formatLabel: (ms) => dateFmt.format(new Date(ms)),
      labels: {
        open: t('history.kline.open'),
        close: t('history.kline.close'),
        high: t('history.kline.high'),
        low: t('history.kline.low'),
        count: t('history.kline.count'),
      },
    });
  }, [result, def, lang, t]);

  return (
    <>
      <DeviceHeader device={device} current="kline" />
      <div className="dms-history-toolbar">
        <RegisterSelect
          registers={numbers}
          value={chosen === undefined ? [] : [chosen]}
          onChange={(v) => {
            setChosen(v[0]);
          }}
          single
          testId="kline-register"
        />
        <Segmented<KlinePeriod>
          value={period}
          onChange={setPeriod}
          options={KLINE_PERIODS.map((p) => ({
            value: p,
            label: <span data-testid={`kline-period-${p}`}>{t(`history.kline.${p}`)}</span>,
          }))}
        />
        <RangeBar
          value={range}
          onChange={setRange}
          testId="kline-range"
          onRefresh={() => {
            void candles.refetch();
          }}
        />
      </div>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 8 }} data-testid="kline-error" />}
      {chosen === undefined ? (
        <Empty description={t('history.registers.none')} />
      ) : (
        <Spin spinning={loading}>
          {result && result.candles.length === 0 && (
            <Alert type="info" showIcon title={t('history.chart.empty')} style={{ marginBottom: 8 }} data-testid="kline-empty" />
          )}
          <EChart option={option} notMerge height={420} data-testid="kline-chart" aria-label={t('history.route.kline')} />
        </Spin>
      )}
    </>
  );
}
