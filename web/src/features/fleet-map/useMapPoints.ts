import { statusMatches, type DeviceStatus, type MapPoint, type SpecificStatus } from '@dms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { useFleetEvents } from '@/api/realtime';
import { useSoon } from '@/lib/useSoon';
import { fleetQueries } from '@/features/fleet/queries';

/** Live status changes arriving within this time are applied together. */
const LIVE_BATCH_MS = 200;
/** Shortest time between a load and a reload caused by live events. */
const RELOAD_GAP_MS = 3000;

const NO_POINTS: MapPoint[] = [];

function isSpecific(status: DeviceStatus): status is SpecificStatus {
  return status !== 'alert' && status !== 'fault';
}

/** The points after a batch of live changes: a new status, or null for a point that left the filter. */
export function applyChanges(points: readonly MapPoint[], changes: ReadonlyMap<number, DeviceStatus | null>): MapPoint[] {
  return points.flatMap((p) => {
    if (!changes.has(p.id)) return [p];
    const to = changes.get(p.id);
    return to ? [{ ...p, status: to }] : [];
  });
}

export interface MapPoints {
  points: MapPoint[];
  loading: boolean;
  error: string | null;
  reload: () => void;
}

/**
 * The map's devices (GET /fleet/map, optionally one status or group), kept live: a `transition` recolours its cached
 * point (or drops it when it leaves the filter) within LIVE_BATCH_MS; a device the map does not have yet, or `lagged`,
 * reloads (at most every RELOAD_GAP_MS). `refreshMs` also reloads on a timer (the large screen); `quiet` leaves
 * failures to the page. While another filter loads, the points shown stay.
 */
export function useMapPoints(status: DeviceStatus | undefined, options: { refreshMs?: number; quiet?: boolean } = {}): MapPoints {
  const { refreshMs, quiet = false } = options;
  const client = useQueryClient();
  const { queryKey, queryFn } = fleetQueries.map(status, quiet);
  const query = useQuery({ queryKey, queryFn, refetchInterval: refreshMs ?? false, placeholderData: keepPreviousData });
  const points = query.data ?? NO_POINTS;
  const ids = useMemo(() => new Set(points.map((p) => p.id)), [points]);

  const lastLoad = useCallback(() => client.getQueryState(queryKey)?.dataUpdatedAt ?? 0, [client, queryKey]);
  const reloadSoon = useSoon(() => void client.invalidateQueries({ queryKey }), { gapMs: RELOAD_GAP_MS, since: lastLoad });

  // Live changes are gathered and applied together (a busy fleet sends many; each pass over the points costs).
  const changes = useRef(new Map<number, DeviceStatus | null>());
  const applySoon = useSoon(
    () => {
      const batch = changes.current;
      changes.current = new Map();
      client.setQueryData(queryKey, (prev) => (prev ? applyChanges(prev, batch) : prev));
    },
    { delayMs: LIVE_BATCH_MS },
  );

  useFleetEvents((event) => {
    if (event.type === 'lagged') {
      reloadSoon();
      return;
    }
    const keep = !status || (isSpecific(event.to) && statusMatches(event.to, status));
    if (!ids.has(event.device)) {
      // A device the map has not got (new, or entering the filter): its position comes with a reload.
      if (keep) reloadSoon();
      return;
    }
    changes.current.set(event.device, keep ? event.to : null);
    applySoon();
  });

  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  return { points, loading: query.isPending, error: query.error ? query.error.message : null, reload };
}
