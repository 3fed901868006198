import { Popover, Tooltip } from 'antd';
import { STATUS_HEX, statusLabel } from '../devices/status';
import { useI18n } from '../../i18n';
import { markerSize, type Marker } from './clusters';
import { DevicePopup, PlacePopup } from './MapPopups';

export interface MapMarkerProps {
  marker: Marker;
  large: boolean;
  /** Whether its popup is open (one at a time: the map keeps which). */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Zooms into a cluster. */
  onZoom: () => void;
}

/**
 * One marker over the map, in the colour of its worst status: a cluster shows its count and zooms in when clicked;
 * a device (or devices at one place, which zooming would never split) opens a popup.
 */
export function MapMarker({ marker: m, large, open, onOpenChange, onZoom }: MapMarkerProps) {
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
    return (
      <Tooltip title={`${label} · ${t('fleet.map.clusterZoom')}`}>
        <button type="button" {...common} aria-label={label} onClick={onZoom}>
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
        data-device-id={n === 1 ? first?.id : undefined}
        data-box-id={n === 1 ? first?.boxId : undefined}
      >
        {n > 1 ? n : null}
      </button>
    </Popover>
  );
}
