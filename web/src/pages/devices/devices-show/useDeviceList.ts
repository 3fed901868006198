import type { DeviceListCounts, DeviceListItem, DevicePage, DeviceSort, ExportBody } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ListControl } from '@/components/list-page/list-control';
import { usePagedQuery, type PagedQuery } from '@/components/list-page/usePagedQuery';
import { useListParams } from '@/components/list-page/useListParams';
import { deviceQueries } from '@/features/devices/queries';
import { DEVICE_LIST_SPECS, deviceQuery, type DeviceListFilter, type ListPreset } from './list-spec';
import { useDeviceListLive } from './useDeviceListLive';

export interface DeviceList {
  list: ListControl<DeviceListFilter, DeviceSort>;
  page: PagedQuery<DeviceListItem, DevicePage>;
  /** Devices per status for the same search (the quick filters); null while they load. */
  counts: DeviceListCounts | null;
  /** Reloads the page and the counts. */
  reload: () => void;
  /** What the export button exports: the list as filtered and sorted now. */
  exportBody: () => ExportBody;
}

/**
 * One of the device lists: its filter, sort and page from the URL, the page of devices and the counts per status
 * from the server cache, both kept live (useDeviceListLive).
 */
export function useDeviceList(preset: ListPreset): DeviceList {
  const list = useListParams(DEVICE_LIST_SPECS[preset]);
  const query = deviceQuery(list.params);
  const pageQuery = deviceQueries.page(query);
  const page = usePagedQuery(pageQuery);
  const countsQuery = deviceQueries.counts(list.params.filter.q);
  const counts = useQuery(countsQuery);
  useDeviceListLive({
    pageKey: pageQuery.queryKey,
    countsKey: countsQuery.queryKey,
    items: page.data.items,
    filtered: list.params.filter.status !== undefined,
  });

  const { reload: reloadPage } = page;
  const { refetch: refetchCounts } = counts;
  const reload = useCallback(() => {
    reloadPage();
    void refetchCounts();
  }, [reloadPage, refetchCounts]);

  const exportBody = (): ExportBody => ({
    kind: 'devices',
    filter: {
      ...(query.status ? { status: query.status } : {}),
      ...(query.q ? { q: query.q } : {}),
      sort: query.sort ?? 'boxId',
      order: query.order ?? 'asc',
    },
  });

  return { list, page, counts: counts.data ?? null, reload, exportBody };
}
