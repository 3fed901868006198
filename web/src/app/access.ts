import { canAccess } from '@dms/contract';
import type { PageRoute, RouteMeta, ShellRoute } from './route-types';

/**
 * Who sees which route: one pure function of the signed-in user's roles over the route table,
 * reading only the contract's access table (canAccess). Menus, the dashboard, route search and the guard use it.
 */
export function canSee(roles: readonly string[], meta: RouteMeta | undefined): boolean {
  return !meta?.area || canAccess(roles, meta.area);
}

/** The routes these roles may open; a group stays only when it is itself allowed and keeps a page. */
export function permittedRoutes(routes: readonly ShellRoute[], roles: readonly string[]): ShellRoute[] {
  const result: ShellRoute[] = [];
  for (const route of routes) {
    if (!canSee(roles, route.meta)) continue;
    if (route.kind === 'page') {
      result.push(route);
      continue;
    }
    const children = route.children.filter((c) => canSee(roles, c.meta));
    if (children.length > 0) result.push({ ...route, children });
  }
  return result;
}

/** The sidebar's routes: the permitted ones that are not hidden. */
export function menuRoutes(routes: readonly ShellRoute[], roles: readonly string[]): ShellRoute[] {
  const result: ShellRoute[] = [];
  for (const route of permittedRoutes(routes, roles)) {
    if (route.meta.hidden) continue;
    if (route.kind === 'page') {
      result.push(route);
      continue;
    }
    const children = route.children.filter((c) => !c.meta.hidden);
    if (children.length > 0) result.push({ ...route, children });
  }
  return result;
}

/** Every page the roles may open (hidden ones included), e.g. for route search and the dashboard. */
export function permittedPages(routes: readonly ShellRoute[], roles: readonly string[]): PageRoute[] {
  return permittedRoutes(routes, roles).flatMap((r) => (r.kind === 'page' ? [r] : [...r.children]));
}
