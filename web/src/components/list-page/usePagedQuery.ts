import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

export interface PageOf<T> {
  total: number;
  items: T[];
}

export interface PagedQuery<T, P extends PageOf<T> = PageOf<T>> {
  data: PageOf<T>;
  /** The server's last answer whole, with what a list's page carries beside its rows (counts, say); undefined before it. */
  answer: P | undefined;
  /** When the rows shown were loaded (ms since the epoch; 0 before the first load). */
  loadedAt: number;
  /** A first load, a new page or filter, or a reload asked for: not the live refreshes in the background. */
  loading: boolean;
  reload: () => void;
}

type PageQueryOptions<P, K extends QueryKey> = UseQueryOptions<P, Error, P, K>;
const EMPTY: PageOf<never> = { total: 0, items: [] };

/**
 * One page of a list from the server cache. While the next page or filter loads the rows shown stay (with a spinner);
 * a refresh in the background (a live event invalidating the query) shows no spinner over rows people are reading.
 * A failure is shown by the request layer; the list keeps what it had.
 */
export function usePagedQuery<P extends PageOf<unknown>, K extends QueryKey>(
  options: PageQueryOptions<P, K>,
): PagedQuery<P['items'][number], P> {
  const query = useQuery({ ...options, placeholderData: keepPreviousData });
  const [kept, setKept] = useState<{ data: P | undefined; at: number }>(() => ({ data: undefined, at: 0 }));
  if (query.data && query.data !== kept.data) setKept({ data: query.data, at: query.dataUpdatedAt });
  const [reloading, setReloading] = useState(false);
  const { refetch } = query;
  const reload = useCallback(() => {
    setReloading(true);
    void refetch().finally(() => {
      setReloading(false);
    });
  }, [refetch]);
  const answer = query.data ?? kept.data;
  return {
    data: answer ?? EMPTY,
    answer,
    loadedAt: kept.at,
    loading: query.isPending || query.isPlaceholderData || reloading,
    reload,
  };
}
