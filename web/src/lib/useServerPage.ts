import type { TablePaginationConfig } from 'antd';
import { useCallback, useEffect, useState } from 'react';

export interface PageOf<T> {
  total: number;
  items: T[];
}

type Fetch<T, F> = (query: F & { page: number; page_size: number }, signal: AbortSignal) => Promise<PageOf<T>>;

/**
 * A list paged, filtered and sorted on the server, for an antd Table: the current page, the filter (changing it
 * goes back to page 1), loading state, reload, and the Table's pagination. A request still under way when the
 * query changes is aborted; failures are shown by the request layer, the list keeps what it had. `update` changes
 * the page in place (a row the live push brought).
 */
export function useServerPage<T, F extends object>(fetchPage: Fetch<T, F>, initialFilter: F) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [filter, setFilterState] = useState<F>(initialFilter);
  const [reloads, setReloads] = useState(0);
  const [data, setData] = useState<PageOf<T>>({ total: 0, items: [] });
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    setLoading(true);
    fetchPage({ ...filter, page, page_size: pageSize }, abort.signal)
      .then(setData)
      .catch(() => undefined)
      .finally(() => {
        if (!abort.signal.aborted) setLoading(false);
      });
    return () => abort.abort();
  }, [fetchPage, filter, page, pageSize, reloads]);

  const setFilter = useCallback((change: Partial<F>) => {
    setFilterState((f) => ({ ...f, ...change }));
    setPage(1);
  }, []);

  const pagination = (showTotal: (total: number) => string): TablePaginationConfig => ({
    current: page,
    pageSize,
    total: data.total,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal,
    onChange: (nextPage, nextSize) => {
      setPage(nextSize === pageSize ? nextPage : 1);
      setPageSize(nextSize);
    },
  });

  return { data, loading, filter, page, pageSize, setFilter, reload: () => setReloads((n) => n + 1), update: setData, pagination };
}
