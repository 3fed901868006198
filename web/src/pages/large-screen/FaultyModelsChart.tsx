import type { FleetSummary } from '@dms/contract';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { EChart, registerECharts } from '@/components/EChart';
import { useI18n } from '@/i18n';
import { STATUS_HEX } from '@/features/devices/status';

registerECharts([BarChart, GridComponent, TooltipComponent]);

/** The models with the most fault records in the last 30 days, most at the top, in large type on a dark ground. */
export function FaultyModelsChart({ models, height }: { models: FleetSummary['faultyModels']; height: number | string }) {
  const { t } = useI18n();
  const option = useMemo<EChartsCoreOption>(() => {
    const rows = [...models].reverse();
    return {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
      xAxis: {
        type: 'value',
        minInterval: 1,
        axisLabel: { color: '#8fa6c4', fontSize: 14 },
        splitLine: { lineStyle: { color: 'rgba(255,255,255,0.08)' } },
      },
      yAxis: {
        type: 'category',
        data: rows.map((m) => m.model || '—'),
        axisLabel: { color: '#e6edf7', fontSize: 16, width: 160, overflow: 'truncate' },
        axisLine: { lineStyle: { color: 'rgba(255,255,255,0.2)' } },
      },
      series: [
        {
          name: t('fleet.screen.faults'),
          type: 'bar',
          data: rows.map((m) => m.faults),
          barMaxWidth: 26,
          itemStyle: { color: STATUS_HEX.fault, borderRadius: [0, 4, 4, 0] },
          label: { show: true, position: 'right', color: '#fff', fontSize: 16, fontWeight: 600 },
        },
      ],
    };
  }, [models, t]);
  return <EChart option={option} height={height} notMerge data-testid="ls-faulty-models" aria-label={t('fleet.screen.faultyModels')} />;
}
