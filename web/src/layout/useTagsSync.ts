import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { permittedPages } from '../app/access';
import { useRouteHandle } from '../app/Root';
import type { ShellRoute } from '../app/route-types';
import { tags } from './tags-view/store';

/** Opens the pinned tabs the user may see, and a tab for each page visited. */
export function useTagsSync(routes: readonly ShellRoute[], roles: readonly string[]): void {
  const { pathname, search } = useLocation();
  const params = useParams();
  const handle = useRouteHandle();

  useEffect(() => {
    for (const page of permittedPages(routes, roles)) {
      if (!page.meta.affix) continue;
      tags.add({
        path: page.path,
        fullPath: page.path,
        name: page.name,
        params: {},
        titleKey: page.meta.titleKey,
        affix: true,
        noCache: Boolean(page.meta.noCache),
      });
    }
  }, [routes, roles]);

  const meta = handle?.meta;
  const name = handle?.name;
  const paramsKey = JSON.stringify(params);
  useEffect(() => {
    tags.left(pathname);
    if (!meta || !name) return;
    tags.add({
      path: pathname,
      fullPath: pathname + search,
      name,
      params: JSON.parse(paramsKey) as Record<string, string | undefined>,
      titleKey: meta.titleKey,
      affix: Boolean(meta.affix),
      noCache: Boolean(meta.noCache),
    });
  }, [pathname, search, name, meta, paramsKey]);
}
