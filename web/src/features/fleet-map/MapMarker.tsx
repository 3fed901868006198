import { Popover, Tooltip } from 'antd';
import { STATUS_HEX, statusLabel } from '../devices/status';
import { useI18n } from '@/i18n';
import { markerSize, tipPlacement, type Marker } from './clusters';
import { DevicePopup, PlacePopup } from './MapPopups';

export interface MapMarkerProps {
  marker: Marker;
  large: boolean;
  /** Whether its popup is open (one at a time: the map keeps which). */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Zooms into a cluster. */
  onZoom: () => void;
  /** The markers on the map now, and its size: a cluster's tooltip opens on a side where it covers none of them. */
  others: readonly Marker[];
  view: { width: number; height: number };
  /** Whether a cluster's tooltip is open (the map closes it when it zooms or pans). */
  tipOpen: boolean;
  onTipChange: (open: boolean) => void;
}

/** A tooltip's size in pixels, estimated from its text (antd's tooltips wrap at 250 px). */
function tipSize(text: string, large: boolean): { width: number; height: number } {
  const width = text.length * (large ? 8.5 : 7) + 20;
  return width > 250 ? { width: 250, height: Math.ceil(width / 250) * 22 + 12 } : { width, height: 34 };
}

/**
 * One marker over the map, in the colour of its worst status: a cluster shows its count and zooms in when clicked;
 * a device (or devices at one place, which zooming would never split) opens a popup.
 */
export function MapMarker({ marker: m, large, open, onOpenChange, onZoom, others, view, tipOpen, onTipChange }: MapMarkerProps) {
  const { t } = useI18n();
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
    const title = `${label} · ${t('fleet.map.clusterZoom')}`;
    const placement = tipPlacement(m, others, view, tipSize(title, large), (count) => markerSize(count, large));
    return (
      <Tooltip
        title={title}
        open={tipOpen}
        onOpenChange={onTipChange}
        placement={placement}
        // Beside the cluster, never in the way: the pointer passes through it to the markers around.
        styles={{ root: { pointerEvents: 'none' } }}
        classNames={{ root: 'dms-map-tip' }}
      >
        <button type="button" {...common} aria-label={label} onClick={onZoom} data-tip-placement={placement}>
          {n}
        </button>
      </Tooltip>
    );
  }
  const label =
    n > 1
      ? t('fleet.popup.devicesHere', { count: n })
      : first
        ? t('fleet.popup.device', { boxId: first.boxId, controller: first.controller })
        : '';
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      title={label}
      content={
        n > 1 || !first ? (
          <PlacePopup points={m.points} />
        ) : (
          <DevicePopup
            point={first}
            onClose={() => {
              onOpenChange(false);
            }}
          />
        )
      }
    >
      <button
        type="button"
        {...common}
        aria-label={label}
        data-located={n === 1 ? first?.located?.level : undefined}
        data-device-id={n === 1 ? first?.id : undefined}
        data-box-id={n === 1 ? first?.boxId : undefined}
      >
        {n > 1 ? n : null}
      </button>
    </Popover>
  );
}
