import type { CustomSeriesRenderItemAPI, CustomSeriesRenderItemReturn } from 'echarts';
import { escapeHtml } from '@/features/charts/series-option';
import { inside, type Point, type Region } from './region';

export interface RegionOptionInput {
  region: Region;
  trail: readonly Point[];
  current: Point | null;
  flowUnit: string;
  pressureUnit: string;
  labels: {
    region: string;
    surge: string;
    maxSpeed: string;
    minSpeed: string;
    choke: string;
    trail: string;
    current: string;
    outside: string;
  };
}

/**
 * The operating-region chart: the region filled, its four boundaries as named lines, the recent trail of operating
 * points and the current point (red when it lies outside the region).
 */
export function buildRegionOption({ region, trail, current, flowUnit, pressureUnit, labels }: RegionOptionInput) {
  const polygon = region.polygon;
  const out = current !== null && !inside(current, polygon);
  const line = (id: string, name: string, data: Point[], color: string, dashed = false) => ({
    id,
    name,
    type: 'line' as const,
    data,
    symbol: 'none',
    smooth: false,
    lineStyle: { color, width: 2, type: dashed ? ('dashed' as const) : ('solid' as const) },
    color,
    tooltip: { show: false },
  });
  return {
    animation: false,
    legend: { top: 0, type: 'scroll' as const },
    tooltip: {
      trigger: 'item' as const,
      confine: true,
      formatter: (p: unknown) => {
        const value = (p as { value?: unknown }).value;
        if (!Array.isArray(value)) return '';
        const [q, pr] = value as [number, number];
        return `${q} ${escapeHtml(flowUnit)}<br/>${pr} ${escapeHtml(pressureUnit)}`;
      },
    },
    grid: { left: 56, right: 24, top: 48, bottom: 48 },
    xAxis: { type: 'value' as const, name: flowUnit, nameLocation: 'middle' as const, nameGap: 28, min: 0, scale: false },
    yAxis: { type: 'value' as const, name: pressureUnit, min: 0 },
    series: [
      {
        id: 'region',
        name: labels.region,
        type: 'custom' as const,
        data: [0],
        silent: true,
        tooltip: { show: false },
        color: '#1677ff',
        renderItem: (_params: unknown, api: CustomSeriesRenderItemAPI): CustomSeriesRenderItemReturn => ({
          type: 'polygon',
          shape: { points: polygon.map((pt) => api.coord(pt)) },
          style: { fill: 'rgba(22, 119, 255, 0.10)', stroke: 'rgba(22, 119, 255, 0.0)' },
        }),
        z: 1,
      },
      line('surge', labels.surge, region.surge, '#f5222d', true),
      line('maxSpeed', labels.maxSpeed, region.maxSpeed, '#1677ff'),
      line('choke', labels.choke, region.choke, '#fa8c16', true),
      line('minSpeed', labels.minSpeed, region.minSpeed, '#8c8c8c'),
      {
        id: 'trail',
        name: labels.trail,
        type: 'scatter' as const,
        data: trail,
        symbolSize: 5,
        color: '#13c2c2',
        itemStyle: { opacity: 0.6 },
        z: 3,
      },
      {
        id: 'current',
        name: out ? labels.outside : labels.current,
        type: 'scatter' as const,
        data: current ? [current] : [],
        symbolSize: 16,
        color: out ? '#f5222d' : '#52c41a',
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        z: 4,
      },
    ],
  };
}
