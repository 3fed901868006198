import type { FleetSummary, TransitionRow } from '@dms/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getFleetSummary } from '../../../api/fleet';
import { useFleetEvents } from '../../../api/realtime';
import { mergeFeed } from './feed';

/** Shortest time between two reloads of the figures caused by live events. */
const EVENT_RELOAD_THROTTLE_MS = 5000;

export interface FleetState {
  summary: FleetSummary | null;
  /** Newest first: the summary's latest transitions, with the live ones prepended as they come. */
  feed: TransitionRow[];
  error: string | null;
  loading: boolean;
  /** When the figures were last loaded (ms). */
  updatedAt: number | null;
  reload: () => void;
}

/**
 * The fleet's figures (GET /fleet/summary) kept current: reloaded every `refreshMs`, and after live `transition`
 * events (throttled), whose rows go to the top of the feed at once. `quiet` leaves errors to the page.
 */
export function useFleetSummary({ refreshMs, quiet = false, enabled = true }: { refreshMs: number; quiet?: boolean; enabled?: boolean }): FleetState {
  const [summary, setSummary] = useState<FleetSummary | null>(null);
  const [feed, setFeed] = useState<TransitionRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const lastLoad = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const companies = useRef(new Map<number, string>());

  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    lastLoad.current = Date.now();
    setLoading(true);
    getFleetSummary({ signal: controller.signal, quiet }).then(
      (data) => {
        for (const r of data.transitions) companies.current.set(r.deviceId, r.company);
        setSummary(data);
        setFeed((prev) => mergeFeed(data.transitions, prev));
        setError(null);
        setLoading(false);
        setUpdatedAt(Date.now());
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        setError(e instanceof Error ? e.message : String(e));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [version, quiet, enabled]);

  useEffect(() => {
    if (!enabled) return undefined;
    const timer = setInterval(reload, refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs, reload, enabled]);

  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );

  const reloadSoon = useCallback(() => {
    if (pending.current) return;
    const wait = Math.max(0, lastLoad.current + EVENT_RELOAD_THROTTLE_MS - Date.now());
    pending.current = setTimeout(() => {
      pending.current = null;
      reload();
    }, wait);
  }, [reload]);

  useFleetEvents((event) => {
    if (event.type === 'transition') {
      const row: TransitionRow = {
        time: event.time,
        deviceId: event.device,
        boxId: event.boxId,
        controller: event.controller,
        kind: event.kind,
        company: companies.current.get(event.device) ?? '',
        from: event.from,
        to: event.to,
      };
      setFeed((prev) => mergeFeed([row], prev));
    }
    reloadSoon();
  }, enabled);

  return { summary, feed, error, loading, updatedAt, reload };
}
