import { AREA_ROUTES } from './areas.generated';
import type { PageRoute, RouteMeta, RouteRedirect, ShellRoute } from './route-types';

/** The areas in menu order (each area's `menuOrder`; ties by name, as found). */
const AREAS = [...AREA_ROUTES].sort((a, b) => a.menuOrder - b.menuOrder);

/**
 * The pages inside the shell (sidebar, top bar, tabs), joined from each area's own routes.ts (scripts/areas.mjs
 * finds them), in menu order. Only pages that exist are here: an area joins when its pages are built.
 */
export const SHELL_ROUTES: readonly ShellRoute[] = AREAS.flatMap((a) => a.routes);

/** Paths that open another page: a group's bare path, or where a page used to be. */
export const REDIRECTS: readonly RouteRedirect[] = AREAS.flatMap((a) => a.redirects ?? []);

/** Where '' goes (spec 2). */
export const HOME_PATH = '/dashboard';

/** Routes outside the shell. /login, /mlogin and /auth-redirect need no sign-in (spec 2). */
export const PUBLIC_PATHS: readonly string[] = ['/login', '/mlogin', '/auth-redirect'];
/** The sign-in pages: a signed-in user going there is sent to / (spec 2). */
export const SIGN_IN_PATHS: readonly string[] = ['/login', '/mlogin'];

export const STANDALONE_META = {
  login: { titleKey: 'route.login' },
  mlogin: { titleKey: 'route.mlogin' },
  authRedirect: { titleKey: 'route.authRedirect' },
  notFound: { titleKey: 'route.notFound' },
  unauthorized: { titleKey: 'route.unauthorized' },
  /** The large screen (issue 4): a full-window wall view outside the shell, for signed-in users who see devices. */
  largeScreen: { titleKey: 'fleet.route.largeScreen', area: 'devices' },
} satisfies Record<string, RouteMeta>;

/** Every page of the shell with the group titles above it. */
export function flattenPages(routes: readonly ShellRoute[]): Array<{ page: PageRoute; parents: RouteMeta[] }> {
  return routes.flatMap((r) => (r.kind === 'page' ? [{ page: r, parents: [] }] : r.children.map((page) => ({ page, parents: [r.meta] }))));
}
