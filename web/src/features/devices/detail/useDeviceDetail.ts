import type { ControllerTypeDetail, DeviceDetail } from '@dms/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDeviceEvents } from '@/api/realtime';
import { deviceQueries } from '@/features/devices/queries';
import type { DeviceAddress } from '@/features/devices/params';
import { useLoadFailure } from '@/features/devices/useLoadFailure';
import { useSoon } from '@/lib/useSoon';
import { applyDeviceEvent, faultsMayChange, replaceDevice } from '@/features/devices/detail/device-live';

const NO_VALUES: Record<string, number> = {};
/** A change of faults reloads the device this long after, when ingest has written the fault records. */
const FAULTS_RELOAD_MS = 800;

export interface DeviceDetailState {
  device: DeviceDetail | null;
  type: ControllerTypeDetail | null;
  /** Latest raw values by register number, and when they were read. */
  values: Record<string, number>;
  ts: number | null;
  loading: boolean;
  /** A failure to show on the page (one that is neither 40300 nor 40400). */
  error: string | null;
  reload: () => void;
  /** Puts an answer of PATCH (the device as saved) in place. */
  replace: (device: DeviceDetail) => void;
}

/**
 * One device for its detail page: GET /devices/{boxId}/{controller} (cached, shared with the history pages) with its
 * controller type's register map, then kept live: events patch the cached device (device-live.ts); `lagged`, or a
 * status that changed between the load and the subscription, reloads it. 40300 goes to /401, 40400 to /404; a null
 * address (malformed parameters) to /404.
 */
export function useDeviceDetail(address: DeviceAddress | null): DeviceDetailState {
  const client = useQueryClient();
  const detail = deviceQueries.detail(address?.boxId ?? 0, address?.controller ?? 0);
  const query = useQuery({ ...detail, enabled: address !== null });
  const device = query.data ?? null;
  const typeId = device?.typeId ?? null;
  const type = useQuery({ ...deviceQueries.controllerType(typeId ?? 0), enabled: typeId !== null });
  const error = useLoadFailure(query.error, address === null);

  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const { queryKey } = detail;
  const reloadFaultsSoon = useSoon(reload, { delayMs: FAULTS_RELOAD_MS });
  const typeDetail = typeId === null ? null : (type.data ?? null);
  useDeviceEvents(device ? [device.id] : [], (event) => {
    if (event.type === 'lagged') {
      reload();
      return;
    }
    const shown = client.getQueryData(queryKey);
    if (shown && faultsMayChange(shown, typeDetail, event)) reloadFaultsSoon();
    const next = shown && applyDeviceEvent(shown, event);
    if (next === 'reload') reload();
    else if (next && next !== shown) client.setQueryData(queryKey, next);
  });
  const replace = useCallback(
    (saved: DeviceDetail) => client.setQueryData(queryKey, (shown) => (shown ? replaceDevice(shown, saved) : saved)),
    [client, queryKey],
  );

  return {
    device,
    type: typeDetail,
    values: device?.latest.values ?? NO_VALUES,
    ts: device?.latest.ts ?? null,
    loading: query.isFetching,
    error,
    reload,
    replace,
  };
}
