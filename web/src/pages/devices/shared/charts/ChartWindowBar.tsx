import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, DatePicker, Segmented, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { MAX_RANGE_MS } from '@dms/contract';
import { useI18n } from '@/i18n';
import { presetClicked } from '../history/RangeBar';
import type { ChosenWindow, WindowChoice } from '../history/range';
import { usePageWindow, type PageWindow } from '../history/useWindow';

import { CHART_SPAN_MS, CHART_SPANS, DEFAULT_SPAN, parseSpan, spanOf, type ChartSpan } from './spans';

export { CHART_SPAN_MS, CHART_SPANS, DEFAULT_SPAN, parseSpan, spanOf, type ChartSpan };

/** A window of the URL's `from` and `to` is one of the spans long. */
const isSpan = (from: number, to: number) => spanOf(from, to) !== null;

/**
 * The window of a chart page, kept in the URL: `?range=<span>` is the last span up to now (following the clock),
 * `?from=&to=` a fixed window one of the spans long. Without them (or with bad values) it starts where the path's
 * time says and is `?span=` long (24 hours when absent). Changing it replaces the query, so it does not open
 * another tab, and a link or a reload shows the same window.
 */
export function useChartWindow(initialFrom: number): PageWindow<ChartSpan> {
  const [search] = useSearchParams();
  const [fallback] = useState<WindowChoice<ChartSpan>>(() => ({
    preset: 'custom',
    from: initialFrom,
    to: initialFrom + CHART_SPAN_MS[parseSpan(search.get('span'))],
  }));
  return usePageWindow(CHART_SPAN_MS, fallback, MAX_RANGE_MS, isSpan);
}

export interface ChartWindowBarProps {
  value: ChosenWindow<ChartSpan>;
  onChange: (choice: WindowChoice<ChartSpan>) => void;
}

/**
 * The window of a history chart: its length (each means the last span up to now, whenever it is clicked, the one
 * already chosen too), its start (date and time), steps back and forward by one window, and Latest (the chosen span
 * up to now).
 */
export function ChartWindowBar({ value, onChange }: ChartWindowBarProps) {
  const { t } = useI18n();
  const { from, to } = value;
  const ms = to - from;
  const span = value.preset === 'custom' ? (spanOf(from, to) ?? DEFAULT_SPAN) : value.preset;
  const fixed = (start: number) => {
    const begin = Math.max(0, start);
    onChange({ preset: 'custom', from: begin, to: begin + ms });
  };
  return (
    <Space
      wrap
      size={[8, 8]}
      className="dms-history-range"
      data-testid="chart-window"
      data-from={from}
      data-to={to}
      data-preset={value.preset}
    >
      {/* The segmented control tells only of a change: a click on the span already shown is handled here. */}
      <div
        className="dms-history-presets"
        onClick={(e) => {
          const s = presetClicked(e.target, CHART_SPANS);
          if (s !== null && s === span) onChange({ preset: s });
        }}
      >
        <Segmented<ChartSpan>
          value={span}
          onChange={(s) => {
            onChange({ preset: s });
          }}
          options={CHART_SPANS.map((s) => ({
            value: s,
            label: (
              <span data-testid={`chart-span-${s}`} data-preset={s}>
                {t(`history.span.${s}`)}
              </span>
            ),
          }))}
        />
      </div>
      <Space.Compact>
        <Button
          icon={<LeftOutlined />}
          onClick={() => {
            fixed(from - ms);
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
            if (d) fixed(d.valueOf());
          }}
          aria-label={t('history.chart.start')}
          data-testid="chart-start"
        />
        <Button
          icon={<RightOutlined />}
          onClick={() => {
            fixed(from + ms);
          }}
          aria-label={t('history.chart.next')}
          data-testid="chart-next"
        />
      </Space.Compact>
      <Button
        onClick={() => {
          onChange({ preset: span });
        }}
        data-testid="chart-latest"
      >
        {t('history.chart.latest')}
      </Button>
    </Space>
  );
}
