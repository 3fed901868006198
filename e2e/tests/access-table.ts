import { ROLES as TABLE_ROLES } from '@dms/contract';
import type { APIRequestContext } from '@playwright/test';
import { menuRoutes, permittedPages } from '@/app/access';
import type { PageRoute, ShellRoute } from '@/app/route-types';
import { translator } from '@/i18n/translate';
import en from '@/locales/en';
import { baseUrl, expect, type Role, tokenOf } from './fixtures.js';

/**
 * What the access table lets a user see in the console, computed as the console computes it: its route table
 * (web/src/app/routes.ts), its rule over that table (web/src/app/access.ts, which reads the contract's access table)
 * and its English titles (web/src/locales/en). menus.spec.ts holds the sidebar, the pages and the refusals of each demo
 * role to it, so a page that joins the route table joins those checks with no edit to the spec. The rule itself is
 * unit-tested in web/src/app/access.test.ts.
 */

/**
 * The route table, imported by its path when the spec runs. Each of its pages names its module in a lazy import()
 * (never called here); imported by name, `tsc -p e2e` would follow those into the whole console (.tsx, Vite's types).
 * The menu icons load as they are: antd's icon components, with React.
 */
const ROUTES_MODULE = new URL('../../web/src/app/routes.ts', import.meta.url).href;

async function shellRoutes(): Promise<readonly ShellRoute[]> {
  const table = (await import(ROUTES_MODULE)) as { SHELL_ROUTES?: unknown };
  if (!Array.isArray(table.SHELL_ROUTES)) throw new Error(`${ROUTES_MODULE} exports no SHELL_ROUTES`);
  return table.SHELL_ROUTES as readonly ShellRoute[];
}

const t = translator(en, 'en');
/** The document title of a page (spec 1): "<page> - <the system's name>". */
const titleOf = (page: PageRoute): string => `${t(page.meta.titleKey)} - ${t('common.app.title')}`;
/** A page opened by its path alone: one whose path takes no parameter (those need a device or a record of the user). */
const plain = (page: PageRoute): boolean => !page.path.includes(':');

/** What one user sees of the console, by the access table. */
export interface RoleView {
  /** The sidebar's entries in order, as it lists them with every group open: a group's title, then its pages'. */
  menu: string[];
  /** The sidebar's top entries in order, as it lists them with every group closed: pages and groups. */
  top: string[];
  /** The titles of the sidebar's groups. */
  groups: string[];
  /**
   * The pages the user may open (hidden ones too) that take no parameter, with the title each shows; a page the access
   * table keeps from no role has its place among those pages (the same for every user) in `everyone`.
   */
  pages: Array<{ path: string; title: string; everyone: number | undefined }>;
  /** The pages kept from the user that take no parameter. */
  refused: string[];
}

/** What a user with these roles sees: the sidebar, the pages open to them and those kept from them. */
export async function roleView(roles: readonly string[]): Promise<RoleView> {
  const routes = await shellRoutes();
  const menu = menuRoutes(routes, roles);
  const permitted = permittedPages(routes, roles);
  const every = routes.flatMap((r) => (r.kind === 'page' ? [r] : r.children));
  // The pages every role of the table may open, in the same order for every user.
  const openToAll = TABLE_ROLES.map((r) => permittedPages(routes, [r]))
    .reduce((all, pages) => all.filter((p) => pages.includes(p)))
    .filter(plain);
  return {
    menu: menu.flatMap((r) => [t(r.meta.titleKey), ...(r.kind === 'group' ? r.children.map((c) => t(c.meta.titleKey)) : [])]),
    top: menu.map((r) => t(r.meta.titleKey)),
    groups: menu.flatMap((r) => (r.kind === 'group' ? [t(r.meta.titleKey)] : [])),
    pages: permitted
      .filter(plain)
      .map((p) => ({ path: p.path, title: titleOf(p), everyone: openToAll.includes(p) ? openToAll.indexOf(p) : undefined })),
    refused: every.filter((p) => plain(p) && !permitted.includes(p)).map((p) => p.path),
  };
}

/** A demo user's roles, as the server gives them to the console (user info). */
export async function rolesOf(request: APIRequestContext, role: Role): Promise<string[]> {
  const res = await request.get(`${baseUrl()}/api/v2/user/info`, { headers: { authorization: `Bearer ${tokenOf(role)}` } });
  const body = (await res.json()) as { code: number; data: { roles: string[] } };
  expect(body.code, `user info of ${role}`).toBe(20000);
  return body.data.roles;
}
