import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { followStep, readWindow, windowAt, windowParams, type ChosenWindow, type WindowChoice } from './range';

export interface PageSearch {
  params: URLSearchParams;
  /** Sets (or, with null, removes) query parameters, replacing the history entry. */
  set: (change: Readonly<Record<string, string | null>>) => void;
}

/**
 * The query string of the page's own path. The page stays mounted, hidden, while another tab is shown
 * (layout/KeepAlive): only the query string of the path it was opened at drives it (as useListParams).
 */
export function usePageSearch(): PageSearch {
  const navigate = useNavigate();
  const location = useLocation();
  const [path] = useState(location.pathname);
  const [search, setSearch] = useState(location.search);
  if (location.pathname === path && location.search !== search) setSearch(location.search);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (change: Readonly<Record<string, string | null>>) => {
      // Builds on the URL as it is now (a navigation before it may still be rendering).
      const next = new URLSearchParams(window.location.pathname === path ? window.location.search : search);
      for (const [key, value] of Object.entries(change)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      const query = next.toString();
      void navigate({ pathname: path, search: query ? `?${query}` : '' }, { replace: true });
    },
    [navigate, path, search],
  );
  return useMemo(() => ({ params, set }), [params, set]);
}

/**
 * The time now, read again each time it passes a multiple of `stepMs` (never while `stepMs` is null), and at once
 * on `refresh`.
 */
export function useStepClock(stepMs: number | null): { now: number; refresh: () => void } {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (stepMs === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      timer = setTimeout(
        () => {
          setNow(Date.now());
          arm();
        },
        stepMs - (Date.now() % stepMs) + 1,
      );
    };
    arm();
    return () => {
      clearTimeout(timer);
    };
  }, [stepMs]);
  const refresh = useCallback(() => {
    setNow(Date.now());
  }, []);
  return { now, refresh };
}

export interface PageWindow<P extends string> {
  /** What was chosen (a preset's name, or fixed bounds). */
  choice: WindowChoice<P>;
  /** The window it means now: a preset's ends at the present and moves on with the clock. */
  range: ChosenWindow<P>;
  /** Chooses a window: a preset means up to now, whenever it is chosen (again). */
  choose: (choice: WindowChoice<P>) => void;
}

/**
 * A page's time window kept in its URL (`?range=<preset>` or `?from=&to=`); a missing or bad value is `fallback`
 * (which must not change while the page is open; `accept` must be stable). A preset's window is computed from the clock when it is chosen
 * and again as time passes (each sixtieth of its length).
 */
export function usePageWindow<P extends string>(
  spans: Readonly<Record<P, number>>,
  fallback: WindowChoice<P>,
  maxMs: number,
  accept?: (from: number, to: number) => boolean,
): PageWindow<P> {
  const { params, set } = usePageSearch();
  const [initial] = useState(() => ({ fallback, at: Date.now() }));
  const choice = useMemo(
    () => readWindow(params, spans, initial.fallback, maxMs, initial.at, accept),
    [params, spans, initial, maxMs, accept],
  );
  const step = 'from' in choice ? null : followStep(spans[choice.preset]);
  const { now, refresh } = useStepClock(step);
  const range = useMemo(() => windowAt(choice, spans, now), [choice, spans, now]);
  const choose = useCallback(
    (next: WindowChoice<P>) => {
      refresh();
      set(windowParams(next));
    },
    [refresh, set],
  );
  return { choice, range, choose };
}
