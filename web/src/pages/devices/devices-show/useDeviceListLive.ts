import { runStatus, type DeviceListItem, type DeviceStatus, type ServerEvent, type SpecificStatus } from '@dms/contract';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useDeviceEvents, useFleetEvents } from '@/api/realtime';
import type { PageOf } from '@/components/list-page/usePagedQuery';
import { useSoon } from '@/lib/useSoon';

/** Reloads caused by live events wait this long, so a burst of events reloads once (at most twice a second). */
const REFRESH_DELAY_MS = 500;

type DevicePage = PageOf<DeviceListItem>;
type DeviceEvent = Extract<ServerEvent, { type: 'state' | 'values' | 'status' }>;

const specific = (s: DeviceStatus): SpecificStatus => (s === 'alert' ? 'online_alert' : s === 'fault' ? 'online_fault' : s);

/**
 * A device's state, values or status applied to its row of a page: its status, run status and last seen; a device
 * back to normal has no active faults left. The same page comes back when nothing changes (the state sent on
 * subscribing mostly says what the page fetched), so nothing is drawn again.
 */
export function patchDeviceRow(page: DevicePage, event: DeviceEvent): DevicePage {
  const items = page.items.map((item) => {
    if (item.id !== event.device) return item;
    const lastSeen = event.type === 'status' ? item.lastSeen : Math.max(item.lastSeen ?? 0, event.ts ?? 0) || null;
    const status = event.type === 'values' ? item.status : specific(event.type === 'state' ? event.status : event.to);
    if (status === item.status && lastSeen === item.lastSeen) return item;
    const run = runStatus({ fault: status.endsWith('fault'), alert: status.endsWith('alert') });
    const faults = run === 'normal' ? { activeFaults: [], moreFaults: 0 } : {};
    return { ...item, status, lastSeen, runStatus: run, ...faults };
  });
  return items.some((item, i) => item !== page.items[i]) ? { ...page, items } : page;
}

export interface DeviceListLiveOptions {
  pageKey: QueryKey;
  countsKey: QueryKey;
  items: DevicePage['items'];
  /** Whether the list is filtered by status (its members change with transitions). */
  filtered: boolean;
}

/**
 * Keeps a device list live: the devices on the page change their cached rows in place; any transition in the fleet
 * refreshes the counts (and a status-filtered list, whose members may have changed) in the background; `lagged`
 * (events were lost) refreshes both.
 */
export function useDeviceListLive({ pageKey, countsKey, items, filtered }: DeviceListLiveOptions): void {
  const client = useQueryClient();
  const listToo = useRef(false);
  const refreshSoon = useSoon(
    () => {
      void client.invalidateQueries({ queryKey: countsKey });
      if (listToo.current) void client.invalidateQueries({ queryKey: pageKey });
      listToo.current = false;
    },
    { delayMs: REFRESH_DELAY_MS },
  );
  const refresh = (list: boolean) => {
    listToo.current ||= list;
    refreshSoon();
  };

  const ids = useMemo(() => items.map((d) => d.id), [items]);
  useDeviceEvents(ids, (event) => {
    if (event.type === 'lagged') {
      refresh(true);
      return;
    }
    const page = client.getQueryData<DevicePage>(pageKey);
    const next = page && patchDeviceRow(page, event);
    if (next && next !== page) client.setQueryData(pageKey, next);
    // A device of the page changed status: its active faults (by name, with their start) come with the page.
    if (event.type === 'status') refresh(true);
  });
  useFleetEvents((event) => {
    refresh(event.type === 'lagged' || filtered);
  });
}
