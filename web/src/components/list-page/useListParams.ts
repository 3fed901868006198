import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePageShown } from '@/layout/page-shown';
import { changeFilter, changePage, changeSort, type ListControl } from './list-control';
import { readListParams, writeListParams, type ListParams, type ListSpec } from './list-params';

/**
 * A list's filters, sort and page kept in the URL's query string (replacing the history entry on each change).
 * `spec` must be stable (a module constant). The page stays mounted, hidden, while another tab is shown
 * (layout/KeepAlive): only the query string of its own path drives it, the path it was opened at, and it changes
 * nothing while hidden (a search typed just before a link was clicked would otherwise bring the user back).
 */
export function useListParams<F, S extends string = never>(spec: ListSpec<F, S>): ListControl<F, S> {
  const navigate = useNavigate();
  const location = useLocation();
  const [path] = useState(location.pathname);
  const [search, setSearch] = useState(location.search);
  if (location.pathname === path && location.search !== search) setSearch(location.search);
  const params = useMemo(() => readListParams(spec, new URLSearchParams(search)), [spec, search]);
  const pageShown = usePageShown();
  const shown = useRef(pageShown);
  // Hidden as React's Activity, a page's effects are cleaned up rather than run again: the clean-up marks it hidden
  // (a request it started before, answering now, changes nothing).
  useEffect(() => {
    shown.current = pageShown;
    return () => {
      shown.current = false;
    };
  }, [pageShown]);

  // A change builds on the URL as it is now: the navigation before it may still be rendering (in a transition), so
  // the page may not show it yet.
  const go = useCallback(
    (change: (from: ListParams<F, S>) => ListParams<F, S>) => {
      if (!shown.current) return;
      const now = window.location.pathname === path ? readListParams(spec, new URLSearchParams(window.location.search)) : params;
      const query = writeListParams(spec, change(now)).toString();
      void navigate({ pathname: path, search: query ? `?${query}` : '' }, { replace: true });
    },
    [navigate, path, spec, params],
  );

  // Written out rather than through listControl: the React linter takes passing `go` (which reads a ref when called)
  // to a function as a read of the ref during render.
  return useMemo(
    () => ({
      params,
      sortKeys: spec.sort?.keys ?? [],
      defaultSort: spec.sort?.default ?? null,
      setFilter: (change) => {
        go((from) => changeFilter(from, change));
      },
      setPage: (page, pageSize) => {
        go((from) => changePage(from, page, pageSize));
      },
      setSort: (sort, order) => {
        go((from) => changeSort(from, sort, order));
      },
    }),
    [params, spec, go],
  );
}

/** A list's control over its params, each change made by `apply` (to the URL, or to the component's state). */
function listControl<F, S extends string>(
  params: ListParams<F, S>,
  spec: ListSpec<F, S>,
  apply: (change: (from: ListParams<F, S>) => ListParams<F, S>) => void,
): ListControl<F, S> {
  return {
    params,
    sortKeys: spec.sort?.keys ?? [],
    defaultSort: spec.sort?.default ?? null,
    setFilter: (change) => {
      apply((from) => changeFilter(from, change));
    },
    setPage: (page, pageSize) => {
      apply((from) => changePage(from, page, pageSize));
    },
    setSort: (sort, order) => {
      apply((from) => changeSort(from, sort, order));
    },
  };
}

/**
 * A list's state kept in the component instead of the URL: for a second list on a page whose URL keeps another's (the
 * profile's API keys beside its sessions). Starts at the spec's defaults.
 */
export function useLocalListParams<F, S extends string = never>(spec: ListSpec<F, S>): ListControl<F, S> {
  const [params, setParams] = useState(() => readListParams(spec, new URLSearchParams()));
  return useMemo(() => listControl(params, spec, setParams), [params, spec]);
}
