import {
  DEVICE_SEARCH_MAX,
  DEVICE_SORTS,
  type DeviceListCounts,
  type DeviceQuery,
  type DeviceSort,
  type DeviceStatus,
} from '@dms/contract';
import { oneOfParam, textParam, type ListParams, type ListSpec } from '@/components/list-page/list-params';
import type { TKey } from '@/i18n';

/** Which list: the whole list, or one of the menu's filtered lists (fault, warning, offline). */
export type ListPreset = 'all' | 'fault' | 'alert' | 'offline';

/** The quick filters of each list (undefined = every status, the first is the list's own); groups count the sum of their statuses. */
export const QUICK_FILTERS: Record<ListPreset, ReadonlyArray<DeviceStatus | undefined>> = {
  all: [undefined, 'online', 'offline', 'alert', 'fault', 'unregistered'],
  fault: ['fault', 'online_fault', 'offline_fault'],
  alert: ['alert', 'online_alert', 'offline_alert'],
  offline: ['offline'],
};

export const LIST_TITLE: Record<ListPreset, TKey> = {
  all: 'devices.route.devicesShow',
  fault: 'devices.route.faultList',
  alert: 'devices.route.warningList',
  offline: 'devices.route.offlineList',
};

export interface DeviceListFilter {
  status: DeviceStatus | undefined;
  q: string | undefined;
}
export type DeviceListParams = ListParams<DeviceListFilter, DeviceSort>;

function spec(preset: ListPreset): ListSpec<DeviceListFilter, DeviceSort> {
  const [own, ...others] = QUICK_FILTERS[preset];
  const statuses = others.filter((s): s is DeviceStatus => s !== undefined);
  return {
    filter: { status: own ? oneOfParam([own, ...statuses], own) : oneOfParam(statuses), q: textParam(DEVICE_SEARCH_MAX) },
    sort: { keys: DEVICE_SORTS, default: 'boxId' },
  };
}

/**
 * What each list keeps in its URL (`?status=fault&q=acme&sort=company&order=desc&page=2&size=50`), so the dashboard
 * and the fault/warning/offline menu entries link to a filtered list and a reload keeps it. A status that is not one
 * of the list's quick filters is its own (left out of the URL).
 */
export const DEVICE_LIST_SPECS: Record<ListPreset, ListSpec<DeviceListFilter, DeviceSort>> = {
  all: spec('all'),
  fault: spec('fault'),
  alert: spec('alert'),
  offline: spec('offline'),
};

/** The API query of a list's state. */
export function deviceQuery({ filter, sort, order, page, pageSize }: DeviceListParams): DeviceQuery {
  return {
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.q ? { q: filter.q } : {}),
    sort: sort ?? 'boxId',
    order,
    page,
    page_size: pageSize,
  };
}

/** How many devices a quick filter has: null while the counts load, and for a status when a search's count stopped at its cap. */
export function countOf(counts: DeviceListCounts | null, status: DeviceStatus | undefined): number | null {
  if (!counts) return null;
  if (status === undefined) return counts.all;
  const sum = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b);
  if (status === 'alert') return sum(counts.online_alert, counts.offline_alert);
  if (status === 'fault') return sum(counts.online_fault, counts.offline_fault);
  return counts[status];
}

/** A quick filter's count as shown: `…` while loading; when a search's count stopped at its cap, the cap and `+` on the whole list's, nothing on a status's. */
export function countLabel(counts: DeviceListCounts | null, status: DeviceStatus | undefined): string {
  const count = countOf(counts, status);
  if (!counts) return '…';
  if (counts.capped) return status === undefined ? `${counts.all}+` : '';
  return String(count);
}
