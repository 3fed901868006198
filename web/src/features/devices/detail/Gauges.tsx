import { EyeInvisibleOutlined } from '@ant-design/icons';
import { Card, Empty } from 'antd';
import type { ControllerTypeDetail } from '@dms/contract';
import { GaugeChart } from 'echarts/charts';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { EChart, registerECharts } from '@/components/EChart';
import { useI18n } from '@/i18n';
import { NO_VALUE, type ReadRights } from '@/features/devices/registers';
import { WITHHELD_REASON, WithheldTip } from '@/features/devices/Withheld';
import { gaugeReadings, type GaugeReading } from '@/features/devices/detail/gauges';

registerECharts([GaugeChart]);

/** Axis labels of a dial: 16000 as 16k, so large full scales do not crowd. */
function axisLabel(v: number): string {
  if (v >= 1000) return `${Number((v / 1000).toFixed(1))}k`;
  return String(Number(v.toFixed(1)));
}

/** A dial; a withheld one is greyed, without needle or progress, and reads NO_VALUE. */
function gaugeOption(g: GaugeReading): EChartsCoreOption {
  const withheld = g.withheld !== null;
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
        progress: { show: !withheld, width: 10 },
        axisLine: { lineStyle: { width: 10, ...(withheld ? { color: [[1, '#f0f0f0']] } : {}) } },
        axisTick: { show: false },
        splitLine: { length: 6, distance: 2, lineStyle: { width: 1, color: withheld ? '#d9d9d9' : '#999' } },
        axisLabel: { distance: 14, fontSize: 10, color: withheld ? '#bfbfbf' : '#888', formatter: axisLabel },
        pointer: { show: !withheld, width: 4, length: '60%' },
        anchor: { show: !withheld, size: 10, itemStyle: { borderWidth: 2 } },
        title: { show: false },
        detail: {
          valueAnimation: !withheld,
          offsetCenter: [0, '72%'],
          fontSize: 16,
          fontWeight: 600,
          ...(withheld ? { color: '#8c8c8c' } : {}),
          formatter: (v: number) => (withheld ? NO_VALUE : `${v.toFixed(g.decimals)}${g.unit ? ` ${g.unit}` : ''}`),
        },
        data: [{ value: g.value ?? 0, name: g.name }],
      },
    ],
  };
}

/**
 * The registers a type's page shows as gauges (/device-type/type-config/page; a maglev blower's speed, power, flow and
 * pressure by default), live (echarts gauge). A value the user may not read (their template, or data hidden from
 * superiors) reads NO_VALUE with the reason in a tooltip, never 0.
 */
export function DeviceGauges({
  type,
  gauges,
  values,
  rights,
}: {
  type: ControllerTypeDetail | null;
  gauges: readonly number[];
  values: Record<string, number>;
  rights: ReadRights;
}) {
  const { t, lang } = useI18n();
  const readings = useMemo(() => gaugeReadings(type, gauges, values, lang, rights), [type, gauges, values, lang, rights]);
  return (
    <Card size="small" title={t('devices.detail.gauges')} data-testid="device-gauges">
      {readings.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.detail.noValues')} />
      ) : (
        <div className="dms-device-gauges">
          {readings.map((g) => {
            const label = g.withheld
              ? `${g.name}: ${NO_VALUE} (${t(WITHHELD_REASON[g.withheld])})`
              : `${g.name}: ${g.value ?? NO_VALUE} ${g.unit}`;
            return (
              <WithheldTip key={g.key} why={g.withheld}>
                <div
                  className="dms-device-gauge"
                  data-testid={`device-gauge-${g.key}`}
                  data-value={g.value ?? ''}
                  data-withheld={g.withheld ?? ''}
                  tabIndex={g.withheld ? 0 : undefined}
                >
                  <EChart option={gaugeOption(g)} height={180} aria-label={label} />
                  <div className="dms-device-gauge-name">
                    {g.name}
                    {g.withheld && <EyeInvisibleOutlined className="dms-withheld-mark" />}
                  </div>
                </div>
              </WithheldTip>
            );
          })}
        </div>
      )}
    </Card>
  );
}
