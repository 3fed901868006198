import { useMemo, useState } from 'react';
import { changeFilter, changePage, changeSort, type ListControl } from './list-control';
import { DEFAULT_PAGE_SIZE, type ListParams } from './list-params';

/**
 * A list's filters, sort and page kept by the page itself, for filters that do not belong in a URL (a time range
 * that follows the present). Same form as useListParams.
 */
export function useListState<F, S extends string = never>(initialFilter: F, sort?: { keys: readonly S[]; default: S }): ListControl<F, S> {
  const [params, setParams] = useState<ListParams<F, S>>(() => ({
    filter: initialFilter,
    sort: sort?.default ?? null,
    order: 'asc',
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
  }));
  const keys = sort?.keys;
  const defaultSort = sort?.default ?? null;
  return useMemo(
    () => ({
      params,
      sortKeys: keys ?? [],
      defaultSort,
      setFilter: (change) => {
        setParams((p) => changeFilter(p, change));
      },
      setPage: (page, pageSize) => {
        setParams((p) => changePage(p, page, pageSize));
      },
      setSort: (next, order) => {
        setParams((p) => changeSort(p, next, order));
      },
    }),
    [params, keys, defaultSort],
  );
}
