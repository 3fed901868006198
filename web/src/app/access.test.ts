import { ROLES, canAccess } from '@dms/contract';
import { describe, expect, it } from 'vitest';
import { SPEC_TABLE } from '../../../packages/contract/test/spec-table.js';
import { menuFor, permittedPages } from './access.js';
import { PAGES } from './routes.js';

describe('console routes and menus per role (spec 6)', () => {
  for (const role of ROLES) {
    it(`${role}: the pages it may open are exactly those the spec table allows`, () => {
      const expected = PAGES.filter((p) => SPEC_TABLE[p.area].includes(role) && (!p.group || SPEC_TABLE[p.group].includes(role)));
      expect(permittedPages([role]).map((p) => p.path)).toEqual(expected.map((p) => p.path));
      for (const p of permittedPages([role])) expect(canAccess([role], p.area)).toBe(true);
    });
  }

  it('root sees the server log, a manager does not', () => {
    const names = (roles: string[]) => menuFor(roles).flatMap((e) => (e.kind === 'page' ? [e.page.name] : [e.group, ...e.pages.map((p) => p.name)]));
    expect(names(['root'])).toEqual(['dashboard', 'usermanager', 'changePassword', 'datalog', 'operationLog', 'serverLog']);
    expect(names(['manager'])).toEqual(['dashboard', 'usermanager', 'changePassword', 'datalog', 'operationLog']);
    expect(names(['admin'])).toContain('serverLog');
  });

  it('hidden pages are permitted but not in the menu', () => {
    const menuPaths = menuFor(['end_user']).flatMap((e) => (e.kind === 'page' ? [e.page.path] : e.pages.map((p) => p.path)));
    expect(permittedPages(['end_user']).map((p) => p.path)).toContain('/profile/index');
    expect(menuPaths).not.toContain('/profile/index');
  });

  it('every page has a unique path and name', () => {
    expect(new Set(PAGES.map((p) => p.path)).size).toBe(PAGES.length);
    expect(new Set(PAGES.map((p) => p.name)).size).toBe(PAGES.length);
  });
});
