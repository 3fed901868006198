import { DEVICE_SEARCH_MAX, DEVICE_SORTS, DEVICE_STATUSES, type DeviceSort, type DeviceStatus } from '@dms/contract';

/**
 * The list's filter as the URL keeps it (`?status=fault&q=acme&sort=company&order=desc&page=2&size=50`), so the
 * dashboard and the fault/warning/offline menu entries can link to a filtered list and a reload keeps it.
 * Unknown or malformed values are dropped.
 */
export interface ListQuery {
  status: DeviceStatus | undefined;
  q: string;
  sort: DeviceSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_QUERY: ListQuery = { status: undefined, q: '', sort: 'boxId', order: 'asc', page: 1, pageSize: 20 };

const isStatus = (v: string | null): v is DeviceStatus => v !== null && (DEVICE_STATUSES as readonly string[]).includes(v);
const isSort = (v: string | null): v is DeviceSort => v !== null && (DEVICE_SORTS as readonly string[]).includes(v);

export function readQuery(params: URLSearchParams): ListQuery {
  const status = params.get('status');
  const sort = params.get('sort');
  const order = params.get('order');
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    status: isStatus(status) ? status : undefined,
    q: (params.get('q') ?? '').slice(0, DEVICE_SEARCH_MAX),
    sort: isSort(sort) ? sort : DEFAULT_QUERY.sort,
    order: order === 'desc' ? 'desc' : 'asc',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_QUERY.pageSize,
  };
}

/** The query string of a filter, leaving defaults out. */
export function writeQuery(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.sort !== DEFAULT_QUERY.sort) params.set('sort', query.sort);
  if (query.order !== DEFAULT_QUERY.order) params.set('order', query.order);
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_QUERY.pageSize) params.set('size', String(query.pageSize));
  return params;
}
