import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useRouteHandle } from '../app/Root';
import { useRefreshVersions, useVisitedViews } from './tags-view/store';

/**
 * Keeps visited pages mounted (hidden) so their state survives switching tabs (spec 2 tags view).
 * Each open tab whose route is cached keeps the element it was rendered with, keyed by path;
 * routes with meta.noCache, and tabs that are closed, are unmounted.
 */
export function KeepAlive() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  const views = useVisitedViews();
  const versions = useRefreshVersions();
  const cache = useRef(new Map<string, ReactNode>());

  const cacheable = Boolean(handle?.meta && !handle.meta.noCache);
  if (cacheable) cache.current.set(pathname, outlet);

  const kept = views.filter((v) => !v.noCache && cache.current.has(v.path)).map((v) => v.path);
  const paths = kept.includes(pathname) ? kept : [...kept, pathname];

  useEffect(() => {
    for (const path of [...cache.current.keys()]) {
      if (path !== pathname && !views.some((v) => v.path === path && !v.noCache)) cache.current.delete(path);
    }
  }, [views, pathname]);

  return (
    <>
      {paths.map((path) => {
        const active = path === pathname;
        return (
          <div
            key={`${path}#${versions[path] ?? 0}`}
            className="dms-page"
            data-path={path}
            hidden={!active}
          >
            {active ? outlet : cache.current.get(path)}
          </div>
        );
      })}
    </>
  );
}
