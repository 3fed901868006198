import type { Area } from '@dms/contract';
import type { ComponentType } from 'react';
import type { TKey } from '../i18n/types';

/** What the shell knows about a route (menu, breadcrumb, tags, title, keep-alive, access). */
export interface RouteMeta {
  /** Title in the menu, breadcrumb, tags, route search and page title. */
  titleKey: TKey;
  /** Icon in the menu (and on the dashboard's page cards). */
  icon?: ComponentType;
  /** The access-table area (contract AREAS) a user must be able to reach; none means any signed-in user. */
  area?: Area;
  /** Pinned in the tags view: opened at start and cannot be closed. */
  affix?: boolean;
  /** Not kept alive: leaving the page unmounts it. */
  noCache?: boolean;
  /** Not in the menu (still reachable by URL and by links). */
  hidden?: boolean;
  /** False leaves the route out of the breadcrumb. */
  breadcrumb?: boolean;
  /** A page this one is reached from (e.g. a list above its create form): a linked breadcrumb step before it. */
  parentPage?: { titleKey: TKey; path: string };
}

/** A page module: its default export is the page. */
export type PageModule = { default: ComponentType };

/** A page of the shell, with its full path and a lazy loader. */
export interface PageRoute {
  kind: 'page';
  /** Stable name: tags, test hooks (`menu-<name>`). */
  name: string;
  /** Full path, e.g. '/datalog/server-log'. */
  path: string;
  meta: RouteMeta;
  load: () => Promise<PageModule>;
}

/** A group of pages: a submenu and a breadcrumb step, not a page of its own. */
export interface RouteGroup {
  kind: 'group';
  name: string;
  meta: RouteMeta;
  children: readonly PageRoute[];
}

export type ShellRoute = PageRoute | RouteGroup;

/** An old or bare path that opens another page (the query string is kept). */
export interface RouteRedirect {
  from: string;
  to: string;
}

/** What a route hands the router (read by the guard, title, tags and keep-alive through useMatches). */
export interface RouteHandle {
  name: string;
  meta?: RouteMeta;
  /** The group titles above the page, for the breadcrumb. */
  parents?: readonly RouteMeta[];
}

/** What an area's `pages/<area>/routes.ts` exports; scripts/areas.mjs joins them in app/areas.generated.ts. */
export interface AreaRoutes {
  /** The area's pages and groups, in menu order within the area. */
  routes: readonly ShellRoute[];
  /** Where the area stands in the menu: smaller first. */
  menuOrder: number;
  /** Paths of the area that open another page. */
  redirects?: readonly RouteRedirect[];
}
