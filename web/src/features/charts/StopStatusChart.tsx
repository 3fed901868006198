import { Alert, Empty, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { api, UTILISATION_DAYS, type StopStatusResult, type UtilisationResult } from '@dms/contract';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { endpointQuery } from '@/api/call';
import { EChart, registerECharts } from '@/components/EChart';
import { ExportButton } from '@/components/list-page/ExportButton';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { localMidnight } from '@/lib/local-midnight';
import { useNow } from '@/lib/useNow';
import { formatDuration } from '@/features/devices/registers';
import { percent, STATE_COLOR, stateShares, STOP_WINDOWS, stopWindow, type StopWindow } from './stop-status-view';

registerECharts([BarChart, GridComponent, TooltipComponent]);

const DAY = 86_400_000;

export interface StopStatusChartProps {
  chartId: number;
  device: { boxId: number; controller: number };
  testId: string;
}

/**
 * A stop-status chart on a device: over a window (today, 24 hours, 7 or 30 days, ending now) the timeline of its
 * states, offline included, whose segments fill the window exactly, the time in each state and the utilisation; and
 * the utilisation per day over 7 or 31 days as bars, exported to .xlsx. Read again each minute.
 */
export function StopStatusChart({ chartId, device, testId }: StopStatusChartProps) {
  const { t } = useI18n();
  const [choice, setChoice] = useState<StopWindow>('today');
  const [days, setDays] = useState<(typeof UTILISATION_DAYS)[number]>(7);
  // To the end of this minute (the server ends the window at its present): one query key a minute.
  const clock = useNow(60_000);
  const now = Math.ceil((clock + 1) / 60_000) * 60_000;
  const midnight = localMidnight(new Date(clock));
  const shown = stopWindow(choice, now, midnight);
  const params = { id: chartId, boxId: device.boxId, controller: device.controller };
  const timeline = useQuery({
    ...endpointQuery(api.charts.stopStatus, { params, query: shown }, { errorDisplay: 'none' }),
    placeholderData: keepPreviousData,
  });
  const firstDay = midnight - (days - 1) * DAY;
  const perDay = useQuery({
    ...endpointQuery(api.charts.utilisation, { params, query: { from: firstDay, days } }, { errorDisplay: 'none' }),
    placeholderData: keepPreviousData,
  });
  const error = timeline.error ?? perDay.error;
  if (error) return <Alert type="error" showIcon title={error.message} data-testid={`${testId}-error`} />;

  return (
    <div data-testid={testId}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Segmented<StopWindow>
          size="small"
          value={choice}
          data-testid={`${testId}-window`}
          options={STOP_WINDOWS.map((w) => ({ value: w, label: t(`chartViews.window.${w}`) }))}
          onChange={setChoice}
        />
      </Space>
      <Spin spinning={timeline.isFetching}>
        {timeline.data ? <Timeline result={timeline.data} testId={testId} /> : <div style={{ height: 72 }} />}
      </Spin>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('chartViews.utilisationDays')}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 8 }}>
        <Segmented<(typeof UTILISATION_DAYS)[number]>
          size="small"
          value={days}
          data-testid={`${testId}-days`}
          options={UTILISATION_DAYS.map((n) => ({ value: n, label: t('chartViews.days', { n }) }))}
          onChange={setDays}
        />
        <ExportButton
          size="small"
          label={t('chartViews.export')}
          testId={`${testId}-export`}
          body={() => ({
            kind: 'utilisation',
            filter: { chartId, boxId: device.boxId, controller: device.controller, from: firstDay, days },
          })}
        />
      </Space>
      <Spin spinning={perDay.isFetching}>{perDay.data && <DayBars result={perDay.data} testId={`${testId}-days-chart`} />}</Spin>
    </div>
  );
}

/** The window's segments as a bar of coloured parts (their widths their lengths), its ends' times, and the totals. */
function Timeline({ result, testId }: { result: StopStatusResult; testId: string }) {
  const { t, lang } = useI18n();
  const span = result.to - result.from;
  const shares = stateShares(result.totals);
  const stateName = (s: keyof typeof STATE_COLOR) => t(`chartViews.state.${s}`);
  if (span <= 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chartViews.noData')} />;
  return (
    <div>
      <Typography.Text strong data-testid={`${testId}-utilisation`} data-utilisation={result.utilisation}>
        {t('chartViews.utilisationNow', { percent: percent(result.utilisation) })}
      </Typography.Text>
      <div
        className="dms-stop-timeline"
        role="img"
        aria-label={t('chartViews.timelineLabel', { from: formatTime(result.from, lang), to: formatTime(result.to, lang) })}
        data-testid={`${testId}-timeline`}
      >
        {result.segments.map((s) => (
          <div
            key={s.from}
            className="dms-stop-segment"
            data-state={s.state}
            style={{ flexGrow: s.to - s.from, background: STATE_COLOR[s.state] }}
            title={t('chartViews.segment', {
              state: stateName(s.state),
              from: formatTime(s.from, lang),
              to: formatTime(s.to, lang),
              duration: formatDuration((s.to - s.from) / 1000, t),
            })}
          />
        ))}
      </div>
      <div className="dms-stop-ends">
        <span>{formatTime(result.from, lang)}</span>
        <span>{formatTime(result.to, lang)}</span>
      </div>
      {result.merged && <Typography.Text type="secondary">{t('chartViews.merged')}</Typography.Text>}
      <Space wrap size={[4, 4]} data-testid={`${testId}-totals`}>
        {shares.map(({ state, ms, share }) => (
          <Tag
            key={state}
            color={STATE_COLOR[state]}
            data-state={state}
            data-ms={ms}
            style={state === 'offline' ? { color: '#595959' } : undefined}
          >
            {t('chartViews.total', { state: stateName(state), duration: formatDuration(ms / 1000, t), percent: percent(share) })}
          </Tag>
        ))}
      </Space>
    </div>
  );
}

/** Utilisation per day as bars (percent). */
function DayBars({ result, testId }: { result: UtilisationResult; testId: string }) {
  const { t, lang } = useI18n();
  const option = useMemo(() => {
    const day = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang, { month: '2-digit', day: '2-digit' });
    return {
      grid: { left: 40, right: 8, top: 16, bottom: 24 },
      tooltip: { trigger: 'axis' as const, valueFormatter: (v: unknown) => `${String(v)}%` },
      xAxis: { type: 'category' as const, data: result.days.map((d) => day.format(d.from)) },
      yAxis: { type: 'value' as const, min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
      series: [
        {
          type: 'bar' as const,
          name: t('chartViews.utilisation'),
          data: result.days.map((d) => Math.round(d.utilisation * 1000) / 10),
          itemStyle: { color: STATE_COLOR.loaded },
        },
      ],
    };
  }, [result, lang, t]);
  return (
    <div data-testid={testId} data-days={result.days.map((d) => percent(d.utilisation)).join(' ')}>
      <EChart option={option} height={200} aria-label={t('chartViews.utilisationDays')} />
    </div>
  );
}
