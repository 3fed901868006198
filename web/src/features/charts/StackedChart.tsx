import { Segmented } from 'antd';
import {
  CHART_SPAN_MS,
  CHART_SPANS,
  type ChartSpan,
  type ControllerTypeDetail,
  type RegisterDef,
  type StackedDefinition,
} from '@dms/contract';
import { useMemo, useState } from 'react';
import { useI18n } from '@/i18n';
import { useNow } from '@/lib/useNow';
import { SeriesChart } from './SeriesChart';

export interface StackedChartProps {
  definition: StackedDefinition;
  type: ControllerTypeDetail | null;
  device: { id: number; boxId: number; controller: number };
  testId: string;
}

/**
 * A stacked chart on a device: its registers' curves as areas on one another over the last span (the history charts'
 * spans, the chart's own first), with their zoom (asking the server for the zoomed part) and live readings.
 */
export function StackedChart({ definition, type, device, testId }: StackedChartProps) {
  const { t } = useI18n();
  const [span, setSpan] = useState<ChartSpan>(definition.span);
  // The window ends now, read again each minute (the live readings fill it in between).
  const now = useNow(60_000);
  const to = Math.ceil(now / 60_000) * 60_000 + 60_000;
  const defs = useMemo(() => new Map<number, RegisterDef>((type?.registers ?? []).map((r) => [r.number, r])), [type]);
  return (
    <div data-testid={testId}>
      <Segmented<ChartSpan>
        size="small"
        value={span}
        data-testid={`${testId}-span`}
        options={CHART_SPANS.map((s) => ({ value: s, label: t(`chartViews.window.${s}`) }))}
        onChange={setSpan}
      />
      <SeriesChart
        boxId={device.boxId}
        controller={device.controller}
        registers={definition.registers}
        defs={defs}
        from={to - CHART_SPAN_MS[span]}
        to={to}
        height={280}
        testId={`${testId}-chart`}
        deviceId={device.id}
        stacked
      />
    </div>
  );
}
