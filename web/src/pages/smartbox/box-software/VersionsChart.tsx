import type { FleetVersion } from '@dms/contract';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import type { EChartsCoreOption } from 'echarts/core';
import { Empty } from 'antd';
import { useMemo } from 'react';
import { EChart, registerECharts } from '@/components/EChart';
import { STATUS_HEX } from '@/features/devices/status';
import { useI18n } from '@/i18n';

registerECharts([BarChart, GridComponent, LegendComponent, TooltipComponent]);

/** Most bars drawn; the smallest groups beyond them are summed into the last. */
const MOST = 12;

/** The firmware the fleet runs: one bar per box type and version, online and offline boxes stacked, most boxes first. */
export function VersionsChart({ versions }: { versions: readonly FleetVersion[] }) {
  const { t } = useI18n();
  const option = useMemo<EChartsCoreOption>(() => {
    const shown = versions.slice(0, MOST);
    const label = (v: FleetVersion) => `${v.boxType} ${v.version ?? t('rollouts.versions.never')}`;
    return {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 32, bottom: 4, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: shown.map(label), axisLabel: { width: 140, overflow: 'truncate' } },
      series: [
        {
          name: t('rollouts.versions.online'),
          type: 'bar',
          stack: 'boxes',
          data: shown.map((v) => v.online),
          itemStyle: { color: STATUS_HEX.online },
        },
        {
          name: t('rollouts.versions.offline'),
          type: 'bar',
          stack: 'boxes',
          data: shown.map((v) => v.boxes - v.online),
          itemStyle: { color: STATUS_HEX.offline },
        },
      ],
    };
  }, [versions, t]);
  if (versions.length === 0) return <Empty description={t('rollouts.versions.empty')} />;
  return (
    <EChart
      option={option}
      notMerge
      height={Math.max(160, 48 + Math.min(versions.length, MOST) * 28)}
      data-testid="versions-chart"
      aria-label={t('rollouts.versions.title')}
    />
  );
}
