import { useCallback, useEffect, useState } from 'react';

/** Server-side paging for a table: loads `fetchPage(page, pageSize)` and reloads when the filter changes. */
export function usePaged<T, F>(fetchPage: (page: number, pageSize: number, filter: F) => Promise<{ total: number; items: T[] }>, filter: F) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [data, setData] = useState<{ total: number; items: T[] }>({ total: 0, items: [] });
  const [loading, setLoading] = useState(false);
  const filterKey = JSON.stringify(filter);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await fetchPage(page, pageSize, filter));
    } catch {
      /* the request layer showed why */
    } finally {
      setLoading(false);
    }
    // filterKey stands for filter
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetchPage, page, pageSize, filterKey]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => setPage(1), [filterKey]);

  return {
    data,
    loading,
    reload: load,
    pagination: {
      current: page,
      pageSize,
      total: data.total,
      showSizeChanger: true,
      onChange: (p: number, size: number) => {
        setPage(size === pageSize ? p : 1);
        setPageSize(size);
      },
    },
  };
}
