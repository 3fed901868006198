import { describe, expect, it } from 'vitest';
import { accessibleAreas, AREA_NAMES, canAccess, passesRule, ROLES, sessionRoles } from '../src/index.js';
import { SPEC_TABLE } from './spec-table.js';

describe('access table (spec 6)', () => {
  it('covers exactly the areas of the transcribed spec table', () => {
    expect([...AREA_NAMES].sort()).toEqual(Object.keys(SPEC_TABLE).sort());
  });

  for (const role of ROLES) {
    for (const area of AREA_NAMES) {
      const expected = SPEC_TABLE[area].includes(role);
      it(`${role} ${expected ? 'reaches' : 'is refused'} ${area}`, () => {
        expect(canAccess([role], area)).toBe(expected);
      });
    }
  }

  it("'admin' sees every area", () => {
    expect(accessibleAreas(['admin'])).toEqual(AREA_NAMES);
  });

  it('an excluded role wins over an allowed one', () => {
    expect(canAccess(['manager', 'limited_admin'], 'addManager')).toBe(false);
    expect(canAccess(['root', 'helper'], 'smartbox')).toBe(false);
    expect(canAccess(['manufacturer', 'market'], 'qrManage')).toBe(false);
  });

  it('a rule with neither list is open, and allow needs any match', () => {
    expect(passesRule([], {})).toBe(true);
    expect(passesRule(['helper'], { allow: ['root', 'helper'] })).toBe(true);
    expect(passesRule([], { allow: ['root'] })).toBe(false);
  });

  it('a user with no roles sees the open areas and msg (which only excludes market)', () => {
    const open = AREA_NAMES.filter((a) => SPEC_TABLE[a].length === ROLES.length);
    expect(accessibleAreas([])).toEqual(AREA_NAMES.filter((a) => open.includes(a) || a === 'msg'));
  });

  it("adds 'dmck1333' for groups 1122 and 1333 only", () => {
    expect(sessionRoles(['manufacturer'], '1333')).toEqual(['manufacturer', 'dmck1333']);
    expect(sessionRoles(['manufacturer'], '1122')).toEqual(['manufacturer', 'dmck1333']);
    expect(sessionRoles(['manufacturer'], '2001')).toEqual(['manufacturer']);
    expect(sessionRoles(['manager'], null)).toEqual(['manager']);
  });
});
