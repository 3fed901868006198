import type { ListParams, SortOrder } from './list-params';

/** A list's state and the ways to change it, whether the URL keeps it (useListParams) or the page does (useListState). */
export interface ListControl<F, S extends string = never> {
  params: ListParams<F, S>;
  /** The columns the server can sort by. */
  sortKeys: readonly S[];
  /** The sort when none is chosen. */
  defaultSort: S | null;
  /** Changes filters and goes back to page 1. */
  setFilter: (change: Partial<F>) => void;
  setPage: (page: number, pageSize: number) => void;
  /** Changes the sort and goes back to page 1. */
  setSort: (sort: S | null, order: SortOrder) => void;
}

/** The next state after a change of filter, page or sort (a new filter or sort starts at page 1). */
export function changeFilter<F, S extends string>(state: ListParams<F, S>, change: Partial<F>): ListParams<F, S> {
  return { ...state, filter: { ...state.filter, ...change }, page: 1 };
}

export function changePage<F, S extends string>(state: ListParams<F, S>, page: number, pageSize: number): ListParams<F, S> {
  return { ...state, page: pageSize === state.pageSize ? page : 1, pageSize };
}

export function changeSort<F, S extends string>(state: ListParams<F, S>, sort: S | null, order: SortOrder): ListParams<F, S> {
  return { ...state, sort, order, page: 1 };
}
