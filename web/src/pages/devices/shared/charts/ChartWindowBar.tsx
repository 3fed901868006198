import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, DatePicker, Segmented, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useI18n } from '../../../../i18n';
import { latestWindowStart } from '../../../../features/devices/links';

/** Window lengths of the history charts. */
export const CHART_SPANS = ['1h', '6h', '24h', '7d', '30d'] as const;
export type ChartSpan = (typeof CHART_SPANS)[number];
export const CHART_SPAN_MS: Record<ChartSpan, number> = {
  '1h': 3_600_000,
  '6h': 6 * 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};
export const DEFAULT_SPAN: ChartSpan = '24h';

export function parseSpan(text: string | null): ChartSpan {
  return CHART_SPANS.find((s) => s === text) ?? DEFAULT_SPAN;
}

/**
 * The window of a chart page: it starts where the path's time says and is `?span=` long (24 hours when absent); moving
 * it is the page's own state, so it does not open another tab.
 */
export function useChartWindow(initialFrom: number): { from: number; span: ChartSpan; move: (from: number, span: ChartSpan) => void } {
  const [search] = useSearchParams();
  const [state, setState] = useState(() => ({ from: initialFrom, span: parseSpan(search.get('span')) }));
  return {
    ...state,
    move: (from, span) => {
      setState({ from: Math.max(0, from), span });
    },
  };
}

export interface ChartWindowBarProps {
  from: number;
  span: ChartSpan;
  onChange: (from: number, span: ChartSpan) => void;
}

/** The window of a history chart: its length, its start (date and time), and steps back and forward by one window. */
export function ChartWindowBar({ from, span, onChange }: ChartWindowBarProps) {
  const { t } = useI18n();
  const ms = CHART_SPAN_MS[span];
  return (
    <Space wrap size={[8, 8]} className="dms-history-range" data-testid="chart-window">
      <Segmented<ChartSpan>
        value={span}
        onChange={(s) => {
          onChange(from, s);
        }}
        options={CHART_SPANS.map((s) => ({ value: s, label: <span data-testid={`chart-span-${s}`}>{t(`history.span.${s}`)}</span> }))}
      />
      <Space.Compact>
        <Button
          icon={<LeftOutlined />}
          onClick={() => {
            onChange(from - ms, span);
          }}
          aria-label={t('history.chart.previous')}
          data-testid="chart-previous"
        />
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={dayjs(from)}
          allowClear={false}
          onChange={(d) => {
            if (d) onChange(d.valueOf(), span);
          }}
          aria-label={t('history.chart.start')}
          data-testid="chart-start"
        />
        <Button
          icon={<RightOutlined />}
          onClick={() => {
            onChange(from + ms, span);
          }}
          aria-label={t('history.chart.next')}
          data-testid="chart-next"
        />
      </Space.Compact>
      <Button
        onClick={() => {
          onChange(latestWindowStart(ms), span);
        }}
        data-testid="chart-latest"
      >
        {t('history.chart.latest')}
      </Button>
    </Space>
  );
}
