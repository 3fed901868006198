import type { GaugeDefinition, GaugeLevel } from '@dms/contract';
import type { EChartsCoreOption } from 'echarts/core';

/** The colours of a gauge's bands (and of its value's level). */
export const LEVEL_COLOR: Record<GaugeLevel, string> = { normal: '#52c41a', alert: '#faad14', fault: '#ff4d4f' };

/** echarts' axis-line stops of a gauge's bands: [end as a fraction of the range, colour], in order. */
export function gaugeStops(def: Pick<GaugeDefinition, 'min' | 'max' | 'bands'>): Array<[number, string]> {
  const span = def.max - def.min;
  return def.bands.map((b) => [Math.min(1, Math.max(0, (b.to - def.min) / span)), LEVEL_COLOR[b.level]]);
}

/** The band a value falls in (at or below its end; below the range: the first, above: the last). */
export function levelOf(def: Pick<GaugeDefinition, 'bands'>, value: number): GaugeLevel {
  for (const b of def.bands) if (value <= b.to) return b.level;
  return def.bands.at(-1)?.level ?? 'normal';
}

/** A dial of the gauge's range in its bands' colours; without a value (none yet, or withheld) grey, without needle. */
export function gaugeChartOption(
  def: Pick<GaugeDefinition, 'min' | 'max' | 'bands'>,
  value: number | null,
  unit: string,
  decimals: number,
  noValue: string,
): EChartsCoreOption {
  const shown = value !== null;
  return {
    animationDurationUpdate: 600,
    series: [
      {
        type: 'gauge',
        min: def.min,
        max: def.max,
        radius: '90%',
        center: ['50%', '58%'],
        startAngle: 210,
        endAngle: -30,
        splitNumber: 5,
        axisLine: { lineStyle: { width: 12, color: shown ? gaugeStops(def) : [[1, '#f0f0f0']] } },
        axisTick: { show: false },
        splitLine: { length: 8, distance: 2, lineStyle: { width: 1, color: '#999' } },
        axisLabel: { distance: 16, fontSize: 10, color: '#888' },
        pointer: { show: shown, width: 4, length: '60%', itemStyle: { color: 'auto' } },
        anchor: { show: shown, size: 10, itemStyle: { borderWidth: 2 } },
        title: { show: false },
        detail: {
          offsetCenter: [0, '70%'],
          fontSize: 18,
          fontWeight: 600,
          color: shown ? 'inherit' : '#8c8c8c',
          formatter: () => (shown ? `${value.toFixed(decimals)}${unit ? ` ${unit}` : ''}` : noValue),
        },
        // The needle stops at the dial's ends; the text tells the value as it is.
        data: [{ value: shown ? Math.min(def.max, Math.max(def.min, value)) : def.min }],
      },
    ],
  };
}
