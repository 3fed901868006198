import { useCallback, useEffect, useRef } from 'react';

export interface SoonOptions {
  /** Wait at least this long after the first ask (the asks meanwhile join it). */
  delayMs?: number;
  /** And run no sooner than this long after `since()` (say, when the data was last loaded). */
  gapMs?: number;
  since?: () => number;
}

/**
 * Runs `run` once soon after being asked, however often it is asked meanwhile: for live events that reload or patch
 * what a page shows, so a busy fleet does not reload it on every event. The latest `run` is used; a pending run is
 * dropped when the component unmounts.
 */
export function useSoon(run: () => void, { delayMs = 0, gapMs = 0, since }: SoonOptions = {}): () => void {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  }, [run]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) return;
    const wait = Math.max(delayMs, (since?.() ?? 0) + gapMs - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, wait);
  }, [delayMs, gapMs, since]);
}
