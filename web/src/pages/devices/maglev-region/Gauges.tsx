import { Col, Row } from 'antd';
import type { RegisterDef } from '@dms/contract';
import { GaugeChart } from 'echarts/charts';
import { useMemo } from 'react';
import { EChart, registerECharts } from '@/components/EChart';
import { useI18n } from '@/i18n';
import { NO_VALUE, registerName, type Withheld } from '@/features/devices/registers';
import { WITHHELD_REASON, WithheldTip } from '@/features/devices/Withheld';
import { scaled } from '../shared/maglev';

registerECharts([GaugeChart]);

export interface GaugeItem {
  id: string;
  def: RegisterDef;
  raw: number | undefined;
  /** Why the user may not read it (the dial then reads NO_VALUE, never 0), null when they may. */
  withheld: Withheld | null;
  /** Top of the dial. */
  max: number;
}

function Gauge({ item }: { item: GaugeItem }) {
  const { t, lang } = useI18n();
  const withheld = item.withheld !== null;
  const value = withheld ? undefined : scaled(item.def, item.raw);
  const option = useMemo(
    () => ({
      animation: false,
      series: [
        {
          id: item.id,
          type: 'gauge' as const,
          min: 0,
          max: item.max,
          radius: '92%',
          center: ['50%', '58%'],
          startAngle: 210,
          endAngle: -30,
          progress: { show: !withheld, width: 10 },
          axisLine: { lineStyle: { width: 10, ...(withheld ? { color: [[1, '#f0f0f0']] as Array<[number, string]> } : {}) } },
          axisTick: { show: false },
          splitLine: { length: 8, lineStyle: { width: 1 } },
          splitNumber: 4,
          axisLabel: {
            distance: 14,
            fontSize: 9,
            formatter: (v: number) => (v >= 10_000 ? `${Math.round(v / 1000)}k` : String(Math.round(v))),
          },
          pointer: { show: !withheld, width: 4 },
          title: { offsetCenter: [0, '78%'], fontSize: 12 },
          detail: {
            valueAnimation: false,
            offsetCenter: [0, '22%'],
            fontSize: 15,
            ...(withheld ? { color: '#8c8c8c' } : {}),
            formatter: (v: number) => (value === undefined ? NO_VALUE : `${v.toFixed(item.def.decimals)} ${item.def.unit}`),
          },
          data: [{ value: value ?? 0, name: registerName(item.def, lang) }],
        },
      ],
    }),
    [item, value, withheld, lang],
  );
  const name = registerName(item.def, lang);
  return (
    <WithheldTip why={item.withheld}>
      <div data-withheld={item.withheld ?? ''} data-testid={`gauge-${item.id}-cell`} tabIndex={item.withheld ? 0 : undefined}>
        <EChart
          option={option}
          height={190}
          data-testid={`gauge-${item.id}`}
          aria-label={item.withheld ? `${name}: ${NO_VALUE} (${t(WITHHELD_REASON[item.withheld])})` : name}
        />
      </div>
    </WithheldTip>
  );
}

/** Dials of the blower's live values (speed, power, flow, pressure): two across on narrow screens, four on wide. */
export function Gauges({ items }: { items: readonly GaugeItem[] }) {
  return (
    <Row gutter={[8, 8]} data-testid="maglev-gauges">
      {items.map((item) => (
        <Col key={item.id} xs={12} lg={6}>
          <Gauge item={item} />
        </Col>
      ))}
    </Row>
  );
}
