import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { projectionFrom, type Projection } from './clusters';
import { WORLD_MAP } from './world';

/** The map's zoom as echarts has it now (1 = the whole world fits). */
export function currentZoom(chart: EChartsType): number {
  const option: unknown = chart.getOption();
  if (typeof option !== 'object' || option === null || !('geo' in option) || !Array.isArray(option.geo)) return 1;
  const geo: unknown = option.geo[0];
  if (typeof geo === 'object' && geo !== null && 'zoom' in geo && typeof geo.zoom === 'number') return geo.zoom;
  return 1;
}

export function projectionOf(chart: EChartsType): Projection | null {
  try {
    const origin = chart.convertToPixel({ geoIndex: 0 }, [0, 0]);
    const unit = chart.convertToPixel({ geoIndex: 0 }, [1, 1]);
    const [ox, oy] = origin;
    const [ux, uy] = unit;
    if (ox === undefined || oy === undefined || ux === undefined || uy === undefined) return null;
    return projectionFrom([ox, oy], [ux, uy]);
  } catch {
    return null;
  }
}

/** Zoom limits of the map (1 = the whole world fits). */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4000;

/** The map's countries as echarts draws them: pan and zoom, no hover, light or dark colours. */
export function geoOption(dark: boolean): EChartsCoreOption {
  return {
    // No animation: the markers are placed for the final view at once, so the map must not glide there.
    animation: false,
    geo: {
      map: WORLD_MAP,
      roam: true,
      scaleLimit: { min: MIN_ZOOM, max: MAX_ZOOM },
      left: 8,
      right: 8,
      top: 8,
      bottom: 8,
      itemStyle: dark
        ? { areaColor: '#16324f', borderColor: '#2f5d8a', borderWidth: 0.6 }
        : { areaColor: '#e8eef5', borderColor: '#b7c4d4', borderWidth: 0.6 },
      emphasis: { disabled: true },
      select: { disabled: true },
      tooltip: { show: false },
    },
  };
}
