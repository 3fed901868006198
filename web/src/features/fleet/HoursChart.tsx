import type { FleetHour } from '@dms/contract';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { EChart, registerECharts } from '@/components/EChart';
import { useI18n } from '@/i18n';
import { STATUS_HEX } from '../devices/status';

registerECharts([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent]);

const hourLabel = (t: number) => {
  const d = new Date(t);
  return `${String(d.getHours()).padStart(2, '0')}:00`;
};

/**
 * The last 24 hours of the fleet: fault and alert records opened per hour (bars) and devices going offline and
 * coming online (lines). `dark` and `large` restyle it for the large screen.
 */
export function HoursChart({
  hours,
  height = 280,
  dark = false,
  large = false,
}: {
  hours: readonly FleetHour[];
  height?: number | string;
  dark?: boolean;
  large?: boolean;
}) {
  const { t } = useI18n();
  const option = useMemo<EChartsCoreOption>(() => {
    const text = dark ? '#c9d6e8' : '#595959';
    const line = dark ? 'rgba(255,255,255,0.12)' : '#f0f0f0';
    const font = large ? 16 : 12;
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0, textStyle: { color: text, fontSize: font } },
      grid: { left: 8, right: 8, top: large ? 44 : 36, bottom: 4, containLabel: true },
      xAxis: {
        type: 'category',
        data: hours.map((h) => hourLabel(h.t)),
        axisLabel: { color: text, fontSize: font },
        axisLine: { lineStyle: { color: line } },
      },
      yAxis: {
        type: 'value',
        minInterval: 1,
        axisLabel: { color: text, fontSize: font },
        splitLine: { lineStyle: { color: line } },
      },
      series: [
        { name: t('dashboard.fleet.faults'), type: 'bar', data: hours.map((h) => h.faults), itemStyle: { color: STATUS_HEX.fault } },
        { name: t('dashboard.fleet.alerts'), type: 'bar', data: hours.map((h) => h.alerts), itemStyle: { color: STATUS_HEX.alert } },
        {
          name: t('dashboard.fleet.wentOffline'),
          type: 'line',
          data: hours.map((h) => h.offline),
          itemStyle: { color: dark ? '#bfbfbf' : STATUS_HEX.offline },
        },
        { name: t('dashboard.fleet.cameOnline'), type: 'line', data: hours.map((h) => h.online), itemStyle: { color: STATUS_HEX.online } },
      ],
    };
  }, [hours, t, dark, large]);
  return <EChart option={option} height={height} data-testid="fleet-hours-chart" aria-label={t('dashboard.fleet.hours')} />;
}
