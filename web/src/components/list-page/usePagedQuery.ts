import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

export interface PageOf<T> {
  total: number;
  items: T[];
}

export interface PagedQuery<T> {
  data: PageOf<T>;
  /** When the rows shown were loaded (ms since the epoch; 0 before the first load). */
  loadedAt: number;
  /** A first load, a new page or filter, or a reload asked for: not the live refreshes in the background. */
  loading: boolean;
  reload: () => void;
}

type PageQueryOptions<T, K extends QueryKey> = UseQueryOptions<PageOf<T>, Error, PageOf<T>, K>;

/**
 * One page of a list from the server cache. While the next page or filter loads the rows shown stay (with a spinner);
 * a refresh in the background (a live event invalidating the query) shows no spinner over rows people are reading.
 * A failure is shown by the request layer; the list keeps what it had.
 */
export function usePagedQuery<T, K extends QueryKey>(options: PageQueryOptions<T, K>): PagedQuery<T> {
  const query = useQuery({ ...options, placeholderData: keepPreviousData });
  const [kept, setKept] = useState<{ data: PageOf<T>; at: number }>(() => ({ data: { total: 0, items: [] }, at: 0 }));
  if (query.data && query.data !== kept.data) setKept({ data: query.data, at: query.dataUpdatedAt });
  const [reloading, setReloading] = useState(false);
  const { refetch } = query;
  const reload = useCallback(() => {
    setReloading(true);
    void refetch().finally(() => {
      setReloading(false);
    });
  }, [refetch]);
  return { data: query.data ?? kept.data, loadedAt: kept.at, loading: query.isPending || query.isPlaceholderData || reloading, reload };
}
