import { AimOutlined } from '@ant-design/icons';
import type { MapPoint } from '@dms/contract';
import { Alert, Button, Spin, Tooltip } from 'antd';
import { GeoComponent } from 'echarts/components';
import type { EChartsType } from 'echarts/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { EChart, registerECharts } from '@/components/EChart';
import { useI18n } from '@/i18n';
import { useLatest } from '@/lib/useLatest';
import { provincesInView, regionLabels } from './china/places';
import { currentZoom, geoOption, labelOption, levelOf, MAX_ZOOM, MIN_ZOOM, projectionOf, viewBounds, type MapLevel } from './chart-view';
import { clusterPoints, extentOf, fitView, markerSize, type Marker, type PlacedPoint } from './clusters';
import { locatePoints } from './locate';
import { MapMarker } from './MapMarker';
import { citiesLoaded, loadCities, mapWithCities, useWorldMap, WORLD_MAP } from './world';
import './map.css';

registerECharts([GeoComponent]);

/** Grid cell of the clustering, in pixels: points closer than about this fall together. */
const CELL_PX = 56;
/** How much one click on a cluster zooms in. */
const CLUSTER_ZOOM_STEP = 3;

export interface FleetMapProps {
  /**
   * Every device to place: where its coordinates say, else at its city's (or province's) centre; those found
   * nowhere are left out here (the page counts them).
   */
  points: readonly MapPoint[];
  height: number | string;
  /** Dark map colours (the large screen). */
  dark?: boolean;
  /** Bigger markers and type, to be read from a distance. */
  large?: boolean;
  testId?: string;
}

/**
 * The fleet on a world map: echarts draws the countries, China by its provinces, and zoomed in on China the
 * provinces' cities, named (all bundled data, the cities fetched per province when first needed); the devices are
 * DOM markers above it, grouped by a screen-space grid at the current zoom. A group shows its count in the colour of
 * its worst status and zooms in when clicked; a single device opens a popup with its facts and a link to its page.
 * The view starts fitted to the devices' extent; "Fit" goes back there.
 */
export function FleetMap({ points, height, dark = false, large = false, testId = 'fleet-map' }: FleetMapProps) {
  const { t, lang } = useI18n();
  const { world, retry } = useWorldMap();
  const [markers, setMarkers] = useState<Marker[]>([]);
  // The chart's size when the markers were placed (a cluster's tooltip keeps inside it).
  const [view, setView] = useState({ width: 0, height: 0 });
  const [selected, setSelected] = useState<string | null>(null);
  // The cluster whose tooltip is open: closed when the map moves, so it never stays over a marker it was not for.
  const [hovered, setHovered] = useState<string | null>(null);
  const [layer, setLayer] = useState<{ level: MapLevel; map: string; cities: number[] }>({ level: 'world', map: WORLD_MAP, cities: [] });
  const layerRef = useLatest(layer);
  // Counts the city files that arrived, so the map draws them.
  const [citiesArrived, setCitiesLoaded] = useState(0);
  const chartRef = useRef<EChartsType | null>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const fitted = useRef(false);
  const frame = useRef(0);

  const placed = useMemo(() => locatePoints(points), [points]);
  const placedRef = useLatest<PlacedPoint[]>(placed);

  /**
   * Draws what the zoom calls for: the provinces named from PROVINCE_LABELS_PX, the cities of the provinces in view
   * from CITY_LAYER_PX (fetched first; `again` runs once they are there).
   */
  const updateLayer = useCallback(
    (again: () => void) => {
      const chart = chartRef.current;
      if (!chart || chart.isDisposed()) return;
      const projection = projectionOf(chart);
      if (!projection) return;
      const level = levelOf(projection.ax);
      let cities: number[] = [];
      if (level === 'cities') {
        cities = provincesInView(viewBounds(projection, chart.getWidth(), chart.getHeight()));
        const missing = cities.filter((c) => !citiesLoaded(c));
        if (missing.length > 0)
          loadCities(missing).then(again, () => {
            // The provinces stay drawn; the next zoom or pan tries again.
          });
      }
      const map = level === 'cities' ? mapWithCities(cities) : WORLD_MAP;
      const drawn = cities.filter(citiesLoaded);
      const now = layerRef.current;
      if (now.level === level && now.map === map && now.cities.join() === drawn.join()) return;
      const labels = level === 'world' ? null : regionLabels(level, drawn, lang);
      chart.setOption({ geo: { map, label: labelOption(labels, dark, large) } });
      setLayer({ level, map, cities: drawn });
    },
    [dark, large, lang, layerRef],
  );

  const recompute = useCallback(() => {
    const chart = chartRef.current;
    if (!chart || chart.isDisposed()) return;
    updateLayer(() => {
      setCitiesLoaded((n) => n + 1);
    });
    const projection = projectionOf(chart);
    if (!projection) return;
    const cell = large ? CELL_PX * 1.4 : CELL_PX;
    const width = chart.getWidth();
    const height = chart.getHeight();
    setView((v) => (v.width === width && v.height === height ? v : { width, height }));
    setMarkers(clusterPoints(placedRef.current, projection, width, height, cell, (n) => markerSize(n, large)));
  }, [large, placedRef, updateLayer]);

  const schedule = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(recompute);
  }, [recompute]);

  const fit = useCallback(() => {
    const chart = chartRef.current;
    const extent = extentOf(placedRef.current);
    if (!chart || chart.isDisposed() || !extent) return;
    const projection = projectionOf(chart);
    if (!projection) return;
    const { center, factor } = fitView(extent, projection, chart.getWidth(), chart.getHeight());
    const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, currentZoom(chart) * factor));
    chart.setOption({ geo: { center, zoom } });
    setSelected(null);
    recompute();
  }, [recompute, placedRef]);

  const option = useMemo(() => (world === 'ready' ? geoOption(dark) : {}), [world, dark]);

  useEffect(() => {
    if (citiesArrived > 0) recompute();
  }, [citiesArrived, recompute]);

  // A new language names the regions anew.
  useEffect(() => {
    const chart = chartRef.current;
    const { level, cities } = layerRef.current;
    if (!chart || chart.isDisposed() || level === 'world') return;
    chart.setOption({ geo: { label: labelOption(regionLabels(level, cities, lang), dark, large) } });
  }, [lang, dark, large, layerRef]);

  // Once the map is drawn: fit the first devices that arrive, else re-cluster what is there.
  useEffect(() => {
    if (world !== 'ready') return;
    if (!fitted.current && placed.length > 0) {
      fitted.current = true;
      fit();
      return;
    }
    recompute();
  }, [world, placed, fit, recompute]);

  useEffect(() => {
    const el = wrapRef.current;
    if (!el) return undefined;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame.current);
      frame.current = requestAnimationFrame(() => {
        const chart = chartRef.current;
        if (chart && !chart.isDisposed()) chart.resize();
        recompute();
      });
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame.current);
    };
  }, [recompute]);

  const onEvents = useMemo(
    () => ({
      georoam: () => {
        setSelected(null);
        setHovered(null);
        schedule();
      },
    }),
    [schedule],
  );

  const zoomInto = (m: Marker) => {
    setHovered(null);
    const chart = chartRef.current;
    if (!chart || chart.isDisposed()) return;
    const zoom = Math.min(MAX_ZOOM, currentZoom(chart) * CLUSTER_ZOOM_STEP);
    chart.setOption({ geo: { center: [m.lng, m.lat], zoom } });
    recompute();
  };

  return (
    <div
      ref={wrapRef}
      className={`dms-map${dark ? ' dms-map-dark' : ''}${large ? ' dms-map-large' : ''}`}
      style={{ height }}
      data-testid={testId}
      data-markers={markers.length}
      data-placed={placed.length}
      data-level={layer.level}
      data-city-provinces={layer.cities.join(' ')}
    >
      {world === 'failed' ? (
        <Alert
          type="error"
          showIcon
          title={t('fleet.map.loadFailed')}
          action={
            <Button size="small" onClick={retry}>
              {t('fleet.map.retry')}
            </Button>
          }
        />
      ) : (
        <>
          <EChart
            option={option}
            height="100%"
            onEvents={onEvents}
            onChart={(c) => {
              chartRef.current = c;
              // A chart disposed (the page hidden behind another tab) is drawn anew when it comes back: fitted again.
              if (!c) fitted.current = false;
            }}
            data-testid={`${testId}-chart`}
            aria-label={t('fleet.map.mapLabel')}
          />
          {world === 'loading' && (
            <div className="dms-map-loading">
              <Spin description={t('fleet.map.loading')}>
                <div className="dms-map-loading-box" />
              </Spin>
            </div>
          )}
          <div className="dms-map-overlay">
            {markers.map((m) => (
              <MapMarker
                key={m.key}
                marker={m}
                large={large}
                others={markers}
                view={view}
                open={selected === m.key}
                onOpenChange={(open) => {
                  setSelected(open ? m.key : null);
                }}
                tipOpen={hovered === m.key}
                onTipChange={(open) => {
                  setHovered(open ? m.key : null);
                }}
                onZoom={() => {
                  zoomInto(m);
                }}
              />
            ))}
          </div>
          {world === 'ready' && placed.length > 0 && (
            <Tooltip title={t('fleet.map.fit')}>
              <Button
                className="dms-map-fit"
                icon={<AimOutlined />}
                aria-label={t('fleet.map.fit')}
                onClick={fit}
                data-testid={`${testId}-fit`}
              />
            </Tooltip>
          )}
        </>
      )}
    </div>
  );
}

export default FleetMap;
