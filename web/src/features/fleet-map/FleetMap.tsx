import { AimOutlined } from '@ant-design/icons';
import type { MapPoint } from '@dms/contract';
import { Alert, Button, Spin, Tooltip } from 'antd';
import { GeoComponent } from 'echarts/components';
import type { EChartsType } from 'echarts/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { EChart, registerECharts } from '../../components/EChart';
import { useI18n } from '../../i18n';
import { useLatest } from '../../lib/useLatest';
import { currentZoom, geoOption, MAX_ZOOM, MIN_ZOOM, projectionOf } from './chart-view';
import { clusterPoints, extentOf, fitView, hasPosition, markerSize, type Marker, type PlacedPoint } from './clusters';
import { MapMarker } from './MapMarker';
import { useWorldMap } from './world';
import './map.css';

registerECharts([GeoComponent]);

/** Grid cell of the clustering, in pixels: points closer than about this fall together. */
const CELL_PX = 56;
/** How much one click on a cluster zooms in. */
const CLUSTER_ZOOM_STEP = 3;

export interface FleetMapProps {
  /** Every device to place (those without a position are left out here; the page counts them). */
  points: readonly MapPoint[];
  height: number | string;
  /** Dark map colours (the large screen). */
  dark?: boolean;
  /** Bigger markers and type, to be read from a distance. */
  large?: boolean;
  testId?: string;
}

/**
 * The fleet on a world map: echarts draws the countries (bundled data, pan and zoom), the devices are DOM markers
 * above it, grouped by a screen-space grid at the current zoom. A group shows its count in the colour of its worst
 * status and zooms in when clicked; a single device opens a popup with its facts and a link to its page.
 * The view starts fitted to the devices' extent; "Fit" goes back there.
 */
export function FleetMap({ points, height, dark = false, large = false, testId = 'fleet-map' }: FleetMapProps) {
  const { t } = useI18n();
  const { world, retry } = useWorldMap();
  const [markers, setMarkers] = useState<Marker[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const fitted = useRef(false);
  const frame = useRef(0);

  const placed = useMemo(() => points.filter(hasPosition), [points]);
  const placedRef = useLatest<PlacedPoint[]>(placed);

  const recompute = useCallback(() => {
    const chart = chartRef.current;
    if (!chart || chart.isDisposed()) return;
    const projection = projectionOf(chart);
    if (!projection) return;
    const cell = large ? CELL_PX * 1.4 : CELL_PX;
    setMarkers(clusterPoints(placedRef.current, projection, chart.getWidth(), chart.getHeight(), cell, (n) => markerSize(n, large)));
  }, [large, placedRef]);

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
        schedule();
      },
    }),
    [schedule],
  );

  const zoomInto = (m: Marker) => {
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
            onChart={(c) => (chartRef.current = c)}
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
                open={selected === m.key}
                onOpenChange={(open) => {
                  setSelected(open ? m.key : null);
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
