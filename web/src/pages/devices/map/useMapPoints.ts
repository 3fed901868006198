import { statusMatches, type DeviceStatus, type MapPoint, type SpecificStatus } from '@dms/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getFleetMap } from '../../../api/fleet';
import { useFleetEvents } from '../../../api/realtime';

/** Live status changes arriving within this time are applied together. */
const LIVE_BATCH_MS = 200;
/** Shortest time between two reloads caused by live events. */
const RELOAD_THROTTLE_MS = 3000;

function isSpecific(status: DeviceStatus): status is SpecificStatus {
  return status !== 'alert' && status !== 'fault';
}

export interface MapPoints {
  points: MapPoint[];
  loading: boolean;
  error: string | null;
  reload: () => void;
}

/**
 * The map's devices (GET /fleet/map, optionally one status or group), kept live: a `transition` recolours its point
 * (or drops it when it leaves the filter) within LIVE_BATCH_MS; a device the map does not have yet, or `lagged`,
 * reloads (throttled). `refreshMs` also reloads on a timer (the large screen).
 */
export function useMapPoints(status: DeviceStatus | undefined, options: { refreshMs?: number; quiet?: boolean } = {}): MapPoints {
  const { refreshMs, quiet = false } = options;
  const [points, setPoints] = useState<MapPoint[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const lastReload = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const reloadSoon = useCallback(() => {
    if (pending.current) return;
    const wait = Math.max(0, lastReload.current + RELOAD_THROTTLE_MS - Date.now());
    pending.current = setTimeout(() => {
      pending.current = null;
      reload();
    }, wait);
  }, [reload]);

  useEffect(() => () => {
    if (pending.current) clearTimeout(pending.current);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    lastReload.current = Date.now();
    setLoading(true);
    getFleetMap(status, { signal: controller.signal, quiet }).then(
      (data) => {
        setPoints(data);
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        setError(e instanceof Error ? e.message : String(e));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [status, version, quiet]);

  useEffect(() => {
    if (!refreshMs) return undefined;
    const timer = setInterval(reload, refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs, reload]);

  // Live changes are gathered and applied together (a busy fleet sends many; each pass over the points costs).
  const ids = useMemo(() => new Set(points.map((p) => p.id)), [points]);
  const idsRef = useRef(ids);
  idsRef.current = ids;
  const changes = useRef(new Map<number, DeviceStatus | null>());
  const flushTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (flushTimer.current) clearTimeout(flushTimer.current);
    },
    [],
  );

  useFleetEvents((event) => {
    if (event.type === 'lagged') {
      reloadSoon();
      return;
    }
    const keep = !status || (isSpecific(event.to) && statusMatches(event.to, status));
    if (!idsRef.current.has(event.device)) {
      // A device the map has not got (new, or entering the filter): its position comes with a reload.
      if (keep) reloadSoon();
      return;
    }
    changes.current.set(event.device, keep ? event.to : null);
    flushTimer.current ??= setTimeout(() => {
      flushTimer.current = null;
      const batch = changes.current;
      changes.current = new Map();
      setPoints((prev) =>
        prev.flatMap((p) => {
          if (!batch.has(p.id)) return [p];
          const to = batch.get(p.id);
          return to ? [{ ...p, status: to }] : [];
        }),
      );
    }, LIVE_BATCH_MS);
  });

  return { points, loading, error, reload };
}
