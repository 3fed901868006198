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

/** What the map draws: the countries (China by its provinces) without names, with the provinces' names, or the cities. */
export type MapLevel = 'world' | 'provinces' | 'cities';

/** From this many pixels per degree the provinces are named (China then spans about 500 px). */
export const PROVINCE_LABELS_PX = 8;
/** From this many pixels per degree the cities are drawn and named (a city then spans about 40 px or more). */
export const CITY_LAYER_PX = 36;

export function levelOf(pxPerDegree: number): MapLevel {
  const px = Math.abs(pxPerDegree);
  return px >= CITY_LAYER_PX ? 'cities' : px >= PROVINCE_LABELS_PX ? 'provinces' : 'world';
}

/** The lng/lat box the view shows. */
export function viewBounds(p: Projection, width: number, height: number): { west: number; south: number; east: number; north: number } {
  const lng = (x: number) => (x - p.bx) / p.ax;
  const lat = (y: number) => (y - p.by) / p.ay;
  const [w, e] = [lng(0), lng(width)].sort((a, b) => a - b);
  const [s, n] = [lat(0), lat(height)].sort((a, b) => a - b);
  return { west: w ?? 0, east: e ?? 0, south: s ?? 0, north: n ?? 0 };
}

/** The regions' names as the map draws them: only those `labels` has (the provinces or cities), none at world level. */
export function labelOption(labels: ReadonlyMap<string, string> | null, dark: boolean, large: boolean): Record<string, unknown> {
  return {
    show: labels !== null,
    formatter: (params: { name?: string }) => (labels && params.name ? (labels.get(params.name) ?? '') : ''),
    color: dark ? '#9fb7d6' : '#51627a',
    fontSize: large ? 14 : 11,
    textBorderColor: dark ? '#0b1a2e' : '#f7fafd',
    textBorderWidth: 2,
    // Just below the region's centroid, where a device placed at its city stands: the marker does not hide the name.
    offset: [0, large ? 20 : 16],
  };
}

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
      label: labelOption(null, dark, false),
      emphasis: { disabled: true },
      select: { disabled: true },
      tooltip: { show: false },
    },
  };
}
