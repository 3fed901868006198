/** The roles of spec section 6, in the order the spec lists them. */
export const ROLES = [
  'root',
  'limited_admin',
  'manager',
  'qualityController',
  'afterSales',
  'afterSalesPlus',
  'manufacturer',
  'district_distributor',
  'regional_distributor',
  'helper',
  'market',
  'end_user',
] as const;

export type Role = (typeof ROLES)[number];

/** The top role of the hierarchy: sees and may change every device, box and record (spec 6). */
export const ROOT_ROLE = 'root' satisfies Role;
/** Sees every device and box, as root does, but does none of root's own work (spec 6: smartbox, box registration). */
export const LIMITED_ADMIN_ROLE = 'limited_admin' satisfies Role;
/** The legacy super role: a user holding it sees every route (spec 6). */
export const ADMIN_ROLE = 'admin';
/** Added to a user's roles when their group_extra is one of DMCK1333_GROUPS (spec 6). */
export const DMCK1333_ROLE = 'dmck1333';
export const DMCK1333_GROUPS: readonly string[] = ['1122', '1333'];

/** Any role string a session may hold: the spec's roles plus the two special ones. */
export type SessionRole = Role | typeof ADMIN_ROLE | typeof DMCK1333_ROLE;

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** The roles a session carries: the stored roles plus dmck1333 for the groups that get it. */
export function sessionRoles(stored: readonly string[], groupExtra: string | null | undefined): string[] {
  const roles = [...new Set(stored)];
  if (groupExtra != null && DMCK1333_GROUPS.includes(groupExtra) && !roles.includes(DMCK1333_ROLE)) {
    roles.push(DMCK1333_ROLE);
  }
  return roles;
}
