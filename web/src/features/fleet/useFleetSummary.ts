import type { FleetSummary } from '@dms/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useFleetEvents } from '@/api/realtime';
import { useSoon } from '@/lib/useSoon';
import { fleetQueries } from '@/features/fleet/queries';
import { mergeFeed, type FeedRow } from './feed';

/** Shortest time between a load of the figures and a reload caused by live events. */
const EVENT_RELOAD_GAP_MS = 5000;

export interface FleetState {
  summary: FleetSummary | null;
  /** Newest first: the summary's latest transitions, with the live ones among them as they come. */
  feed: FeedRow[];
  /** Why the last load failed (the page shows it; the summary loaded before stays). */
  error: string | null;
  loading: boolean;
  /** When the figures were last loaded (ms). */
  updatedAt: number | null;
  reload: () => void;
}

/**
 * The fleet's figures (GET /fleet/summary, shared by the dashboard and the large screen) kept current: reloaded
 * every `refreshMs`, and after live `transition` events (at most every EVENT_RELOAD_GAP_MS), whose rows join the
 * feed at once. Failures are left to the page.
 */
export function useFleetSummary({ refreshMs }: { refreshMs: number }): FleetState {
  const client = useQueryClient();
  const { queryKey, queryFn } = fleetQueries.summary();
  const query = useQuery({ queryKey, queryFn, refetchInterval: refreshMs });
  const summary = query.data ?? null;
  const [live, setLive] = useState<FeedRow[]>([]);
  const feed = useMemo(() => mergeFeed(summary?.transitions ?? [], live), [summary, live]);

  const lastLoad = useCallback(() => client.getQueryState(queryKey)?.dataUpdatedAt ?? 0, [client, queryKey]);
  const reloadSoon = useSoon(() => void client.invalidateQueries({ queryKey }), { gapMs: EVENT_RELOAD_GAP_MS, since: lastLoad });

  useFleetEvents((event) => {
    if (event.type === 'transition') {
      const known = feed.find((r) => r.deviceId === event.device);
      const row: FeedRow = {
        time: event.time,
        deviceId: event.device,
        boxId: event.boxId,
        controller: event.controller,
        kind: event.kind,
        company: known?.company ?? '',
        ...(known?.reach ? { reach: known.reach } : {}),
        from: event.from,
        to: event.to,
        ...(event.faults?.length ? { faults: event.faults } : {}),
      };
      setLive((prev) => mergeFeed([row], prev));
    }
    reloadSoon();
  });

  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  return {
    summary,
    feed,
    error: query.error ? query.error.message : null,
    loading: query.isFetching,
    updatedAt: query.dataUpdatedAt || null,
    reload,
  };
}
