import { roleView, rolesOf } from './access-table.js';
import type { Role } from './fixtures.js';
import type { APIRequestContext } from '@playwright/test';
import { pathOf, type Screen, type SweepWorld } from './sweep.js';
import { endUserScreens } from './sweep-end-user.js';
import { managerScreens } from './sweep-manager.js';
import { rootScreens } from './sweep-root.js';

/**
 * Which screens the language sweep (language-sweep.spec.ts) walks as each role it signs in as. In English each is
 * checked for its title from the access table as well (`titlesOf`), so menus.spec.ts opens only the pages of a role
 * that its sweep does not (`sweptPaths`): one page opened once per role, not twice.
 */

/** limited_admin's own screen (spec 6: box-assign is theirs alone). */
export const LIMITED_ADMIN_ASSIGN: Screen = { name: 'box-assign', path: '/smartbox/box-assign', ready: 'box-assign-preview' };

/** The roles the sweep signs in as, and their screens (the large screen last of demo_end_user's). */
export function sweptScreens(world: SweepWorld): Partial<Record<Role, Screen[]>> {
  return {
    demo_root: rootScreens(world),
    demo_manager: managerScreens(world),
    demo_end_user: endUserScreens(),
    demo_limited_admin: [LIMITED_ADMIN_ASSIGN],
  };
}

/** A world with no boxes of the sweep's own: enough to list the paths of the screens that take no parameter. */
const NO_WORLD: SweepWorld = {
  faultBox: 0,
  blower: 0,
  faultStart: 0,
  feedBox: 0,
  feedCompany: '',
  toggleFeed: () => Promise.resolve(),
  sub: 0,
  helper: 0,
  template: 0,
  controllerType: 0,
  boxType: 0,
};

/** The pages of the shell the sweep opens as `role` (none for a role it does not sign in as). */
export function sweptPaths(role: Role): ReadonlySet<string> {
  return new Set((sweptScreens(NO_WORLD)[role] ?? []).filter((s) => s.standalone !== true).map(pathOf));
}

/** The English title of each page the access table opens to `role` and that takes no parameter, by its path. */
export async function titlesOf(request: APIRequestContext, role: Role): Promise<ReadonlyMap<string, string>> {
  const view = await roleView(await rolesOf(request, role));
  return new Map(view.pages.map((p) => [p.path, p.title]));
}
