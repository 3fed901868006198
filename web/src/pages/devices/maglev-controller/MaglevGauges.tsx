import { Card, Empty } from 'antd';
import type { ControllerTypeDetail } from '@dms/contract';
import { GaugeChart } from 'echarts/charts';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { EChart, registerECharts } from '../../../components/EChart';
import { useI18n } from '../../../i18n';
import { gaugeReadings, type GaugeReading } from './gauges';

registerECharts([GaugeChart]);

/** Axis labels of a dial: 16000 as 16k, so large full scales do not crowd. */
function axisLabel(v: number): string {
  if (v >= 1000) return `${Number((v / 1000).toFixed(1))}k`;
  return String(Number(v.toFixed(1)));
}

function gaugeOption(g: GaugeReading): EChartsCoreOption {
  return {
    animationDurationUpdate: 600,
    series: [
      {
        type: 'gauge',
        min: 0,
        max: g.max,
        radius: '88%',
        center: ['50%', '56%'],
        startAngle: 200,
        endAngle: -20,
        splitNumber: 4,
        progress: { show: true, width: 10 },
        axisLine: { lineStyle: { width: 10 } },
        axisTick: { show: false },
        splitLine: { length: 6, distance: 2, lineStyle: { width: 1, color: '#999' } },
        axisLabel: { distance: 14, fontSize: 10, color: '#888', formatter: axisLabel },
        pointer: { width: 4, length: '60%' },
        anchor: { show: true, size: 10, itemStyle: { borderWidth: 2 } },
        title: { show: false },
        detail: {
          valueAnimation: true,
          offsetCenter: [0, '72%'],
          fontSize: 16,
          fontWeight: 600,
          formatter: (v: number) => `${v.toFixed(g.decimals)}${g.unit ? ` ${g.unit}` : ''}`,
        },
        data: [{ value: g.value ?? 0, name: g.name }],
      },
    ],
  };
}

/** Speed, power, flow and pressure of a maglev blower as live gauges (echarts gauge). */
export function MaglevGauges({ type, values }: { type: ControllerTypeDetail | null; values: Record<string, number> }) {
  const { t, lang } = useI18n();
  const readings = useMemo(() => gaugeReadings(type, values, lang), [type, values, lang]);
  return (
    <Card size="small" title={t('devices.detail.gauges')} data-testid="maglev-gauges">
      {readings.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.detail.noValues')} />
      ) : (
        <div className="dms-device-gauges">
          {readings.map((g) => (
            <div key={g.key} className="dms-device-gauge" data-testid={`maglev-gauge-${g.key}`} data-value={g.value ?? ''}>
              <EChart option={gaugeOption(g)} height={180} aria-label={`${g.name}: ${g.value ?? '—'} ${g.unit}`} />
              <div className="dms-device-gauge-name">{g.name}</div>
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}
