import { useLocation, useOutlet } from 'react-router';
import { findPage } from '../app/routes.js';
import { keptAlive, useVisitedViews } from './tags.js';

/**
 * The page area: each visited page that may be cached stays mounted (hidden) while another tab is shown,
 * so its state survives switching tabs; pages whose route says noCache mount afresh each time.
 * Closing a tab drops its page.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const views = useVisitedViews();
  const page = findPage(pathname);
  const cacheable = !!page && !page.noCache;
  if (cacheable && !keptAlive.has(pathname)) keptAlive.set(pathname, outlet);
  for (const key of [...keptAlive.keys()]) {
    if (key !== pathname && !views.some((v) => v.path === key)) keptAlive.delete(key);
  }
  return (
    <>
      {[...keptAlive.entries()].map(([key, element]) => (
        <div key={key} hidden={key !== pathname} data-page={key}>
          {element}
        </div>
      ))}
      {!cacheable && outlet}
    </>
  );
}
