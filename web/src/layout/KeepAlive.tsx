import { Activity, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useRouteHandle } from '../app/Root';
import { PageShownContext } from './page-shown';
import { useRefreshVersions, useVisitedViews } from './tags-view/store';

/**
 * Keeps visited pages mounted (hidden) so their state survives switching tabs (spec 2 tags view).
 * Each open tab whose route is cached keeps the element it was rendered with, keyed by path;
 * routes with meta.noCache, and tabs that are closed, are unmounted. A hidden page is React's `Activity` in hidden
 * mode: its state and DOM stay, its effects stop (live push subscriptions, polls, resize observers, timers) and
 * start again when it is shown, and it renders only when nothing else waits, so ten open tabs cost the shown page
 * nothing. Its effects must bear running again: one that fills a form from data does so once per new data.
 */
export function KeepAlive() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  const views = useVisitedViews();
  const versions = useRefreshVersions();
  // The element each cached path was last rendered with. Updated while rendering (the router gives a new outlet
  // only on navigation, so this settles at once); paths no longer open are dropped.
  const [cache, setCache] = useState<ReadonlyMap<string, ReactNode>>(() => new Map());

  const cacheable = Boolean(handle?.meta && !handle.meta.noCache);
  const open = (path: string) => path === pathname || views.some((v) => v.path === path && !v.noCache);
  let next = cache;
  if (cacheable && next.get(pathname) !== outlet) next = new Map(next).set(pathname, outlet);
  if ([...next.keys()].some((path) => !open(path))) next = new Map([...next].filter(([path]) => open(path)));
  if (next !== cache) setCache(next);

  const kept = views.filter((v) => !v.noCache && next.has(v.path)).map((v) => v.path);
  const paths = kept.includes(pathname) ? kept : [...kept, pathname];

  return (
    <>
      {paths.map((path) => {
        const active = path === pathname;
        return (
          <div key={`${path}#${versions[path] ?? 0}`} className="dms-page" data-path={path} hidden={!active}>
            <Activity mode={active ? 'visible' : 'hidden'}>
              <PageShownContext.Provider value={active}>{active ? outlet : next.get(path)}</PageShownContext.Provider>
            </Activity>
          </div>
        );
      })}
    </>
  );
}
