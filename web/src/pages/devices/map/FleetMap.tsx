import { AimOutlined } from '@ant-design/icons';
import type { MapPoint } from '@dms/contract';
import { Alert, Button, Descriptions, List, Popover, Spin, Tooltip } from 'antd';
import { GeoComponent } from 'echarts/components';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EChart, registerECharts } from '../../../components/EChart';
import { useI18n } from '../../../i18n';
import { STATUS_HEX, StatusTag, statusLabel } from '../shared/status';
import { clusterPoints, extentOf, fitView, hasPosition, markerSize, projectionFrom, type Marker, type PlacedPoint, type Projection } from './clusters';
import { deviceLink } from './links';
import { loadWorldMap, WORLD_MAP } from './world';
import './map.css';

registerECharts([GeoComponent]);

/** Grid cell of the clustering, in pixels: points closer than about this fall together. */
const CELL_PX = 56;
/** Zoom limits of the map (1 = the whole world fits). */
const MIN_ZOOM = 1;
const MAX_ZOOM = 4000;
/** How much one click on a cluster zooms in. */
const CLUSTER_ZOOM_STEP = 3;

function currentZoom(chart: EChartsType): number {
  const option: unknown = chart.getOption();
  if (typeof option !== 'object' || option === null || !('geo' in option) || !Array.isArray(option.geo)) return 1;
  const geo: unknown = option.geo[0];
  if (typeof geo === 'object' && geo !== null && 'zoom' in geo && typeof geo.zoom === 'number') return geo.zoom;
  return 1;
}

function projectionOf(chart: EChartsType): Projection | null {
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

/** The facts of one device in the map's popup, with the link to its page. */
function DevicePopup({ point, onClose }: { point: MapPoint; onClose: () => void }) {
  const { t } = useI18n();
  const place = [point.province, point.city].filter(Boolean).join(' ');
  return (
    <div className="dms-map-popup" data-testid="map-popup" data-device-id={point.id}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'box', label: t('fleet.popup.box'), children: <Link to={`/devices/box/${point.boxId}`}>{point.boxId}</Link> },
          { key: 'controller', label: t('fleet.popup.controller'), children: point.controller },
          { key: 'company', label: t('fleet.popup.company'), children: point.company || '—' },
          { key: 'model', label: t('fleet.popup.model'), children: point.model || '—' },
          { key: 'status', label: t('fleet.popup.status'), children: <StatusTag status={point.status} testId="map-popup-status" /> },
          { key: 'location', label: t('fleet.popup.location'), children: place || '—' },
        ]}
      />
      <div className="dms-map-popup-actions">
        <Button size="small" onClick={onClose}>
          {t('fleet.popup.close')}
        </Button>
        <Link to={deviceLink(point)} data-testid="map-popup-open">
          <Button size="small" type="primary">
            {t('fleet.popup.open')}
          </Button>
        </Link>
      </div>
    </div>
  );
}

/** Devices that share one place (zooming in would never split them): a short list, each linking to its page. */
function PlacePopup({ points }: { points: readonly MapPoint[] }) {
  const { t } = useI18n();
  return (
    <div className="dms-map-popup" data-testid="map-popup-place">
      <List
        size="small"
        dataSource={[...points]}
        renderItem={(p) => (
          <List.Item key={p.id}>
            <Link to={deviceLink(p)} data-testid="map-popup-device">
              {t('fleet.popup.device', { boxId: p.boxId, controller: p.controller })}
            </Link>
            <StatusTag status={p.status} />
          </List.Item>
        )}
      />
    </div>
  );
}

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
  const [world, setWorld] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [markers, setMarkers] = useState<Marker[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const fitted = useRef(false);
  const frame = useRef(0);

  const placed = useMemo(() => points.filter(hasPosition), [points]);
  const placedRef = useRef<PlacedPoint[]>(placed);
  placedRef.current = placed;

  useEffect(() => {
    let cancelled = false;
    setWorld('loading');
    loadWorldMap().then(
      () => !cancelled && setWorld('ready'),
      () => !cancelled && setWorld('failed'),
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const recompute = useCallback(() => {
    const chart = chartRef.current;
    if (!chart || chart.isDisposed()) return;
    const projection = projectionOf(chart);
    if (!projection) return;
    const cell = large ? CELL_PX * 1.4 : CELL_PX;
    setMarkers(clusterPoints(placedRef.current, projection, chart.getWidth(), chart.getHeight(), cell, (n) => markerSize(n, large)));
  }, [large]);

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
  }, [recompute]);

  const option = useMemo<EChartsCoreOption>(
    () =>
      world !== 'ready'
        ? {}
        : {
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
          },
    [world, dark],
  );

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
    <div ref={wrapRef} className={`dms-map${dark ? ' dms-map-dark' : ''}${large ? ' dms-map-large' : ''}`} style={{ height }} data-testid={testId} data-markers={markers.length} data-placed={placed.length}>
      {world === 'failed' ? (
        <Alert
          type="error"
          showIcon
          title={t('fleet.map.loadFailed')}
          action={
            <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
              {t('fleet.map.retry')}
            </Button>
          }
        />
      ) : (
        <>
          <EChart option={option} height="100%" onEvents={onEvents} onChart={(c) => (chartRef.current = c)} data-testid={`${testId}-chart`} aria-label={t('fleet.map.mapLabel')} />
          {world === 'loading' && (
            <div className="dms-map-loading">
              <Spin tip={t('fleet.map.loading')}>
                <div className="dms-map-loading-box" />
              </Spin>
            </div>
          )}
          <div className="dms-map-overlay">
            {markers.map((m) => {
              const n = m.points.length;
              const size = markerSize(n, large);
              const first = m.points[0];
              const style = { left: m.x, top: m.y, width: size, height: size, background: STATUS_HEX[m.status] };
              const common = {
                className: `dms-map-marker${n > 1 ? ' dms-map-cluster' : ''}`,
                style,
                'data-testid': 'map-marker',
                'data-kind': n > 1 ? 'cluster' : 'device',
                'data-count': n,
                'data-status': m.status,
              };
              if (n > 1 && !m.samePlace) {
                const label = t('fleet.map.cluster', { count: n, status: statusLabel(t, m.status) });
                return (
                  <Tooltip key={m.key} title={`${label} · ${t('fleet.map.clusterZoom')}`}>
                    <button type="button" {...common} aria-label={label} onClick={() => zoomInto(m)}>
                      {n}
                    </button>
                  </Tooltip>
                );
              }
              const label = n > 1 ? t('fleet.popup.devicesHere', { count: n }) : first ? t('fleet.popup.device', { boxId: first.boxId, controller: first.controller }) : '';
              return (
                <Popover
                  key={m.key}
                  open={selected === m.key}
                  onOpenChange={(open) => setSelected(open ? m.key : null)}
                  trigger="click"
                  title={label}
                  content={n > 1 || !first ? <PlacePopup points={m.points} /> : <DevicePopup point={first} onClose={() => setSelected(null)} />}
                >
                  <button type="button" {...common} aria-label={label} data-device-id={n === 1 ? first?.id : undefined} data-box-id={n === 1 ? first?.boxId : undefined}>
                    {n > 1 ? n : null}
                  </button>
                </Popover>
              );
            })}
          </div>
          {world === 'ready' && placed.length > 0 && (
            <Tooltip title={t('fleet.map.fit')}>
              <Button className="dms-map-fit" icon={<AimOutlined />} aria-label={t('fleet.map.fit')} onClick={fit} data-testid={`${testId}-fit`} />
            </Tooltip>
          )}
        </>
      )}
    </div>
  );
}

export default FleetMap;
