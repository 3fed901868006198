import { ADMIN_ROLE, type Role } from './roles.js';

/**
 * One rule of the access table: `allow` (any role matches) and `deny` (no role may match).
 * A rule with neither is open to every signed-in user (spec 6).
 */
export interface AccessRule {
  readonly allow?: readonly Role[];
  readonly deny?: readonly Role[];
}

/**
 * Spec section 6 as data. Every area of the product that the table names, and the open ones.
 * `parent` names the area a sub-area sits in: to reach a sub-area a user must pass both rules,
 * as a nested route is reached only through its parent.
 */
export const AREAS = {
  dashboard: { rule: {} },
  profile: { rule: {} },
  devices: { rule: {} },
  usermanager: { rule: {} },
  changePassword: { rule: {}, parent: 'usermanager' },
  addDevice: { rule: { allow: ['manager', 'qualityController', 'afterSales', 'afterSalesPlus'] }, parent: 'usermanager' },
  addManager: { rule: { allow: ['manager', 'afterSalesPlus'], deny: ['limited_admin', 'end_user'] }, parent: 'usermanager' },
  editManager: { rule: { allow: ['manager', 'afterSales', 'afterSalesPlus'], deny: ['limited_admin', 'end_user'] }, parent: 'usermanager' },
  managerDevice: {
    rule: { allow: ['manager', 'afterSales', 'afterSalesPlus'], deny: ['limited_admin', 'end_user'] },
    parent: 'usermanager',
  },
  addHelper: { rule: { allow: ['manager'], deny: ['limited_admin'] }, parent: 'usermanager' },
  editHelper: { rule: { allow: ['manager', 'afterSales', 'afterSalesPlus'], deny: ['limited_admin'] }, parent: 'usermanager' },
  helperDevice: { rule: { allow: ['manager', 'afterSales', 'afterSalesPlus'], deny: ['limited_admin'] }, parent: 'usermanager' },
  deviceType: { rule: { allow: ['root'] } },
  events: { rule: { allow: ['root'] } },
  notice: { rule: { allow: ['root'] } },
  chartsManage: { rule: { allow: ['root'] } },
  tools: { rule: { allow: ['root'] } },
  scripts: { rule: { allow: ['root'] } },
  smartbox: { rule: { allow: ['root', 'limited_admin'], deny: ['helper', 'market'] } },
  /** upload, ip-log, box-address, device-property, ip-config, box-ck, box-delete, box-dws, box-software */
  smartboxRoot: { rule: { allow: ['root'] }, parent: 'smartbox' },
  boxAssign: { rule: { allow: ['limited_admin'] }, parent: 'smartbox' },
  boxClearFaultRecord: { rule: { allow: ['root', 'limited_admin'] }, parent: 'smartbox' },
  qrManage: {
    rule: {
      allow: ['root', 'limited_admin', 'manufacturer', 'district_distributor', 'regional_distributor'],
      deny: ['market', 'helper'],
    },
  },
  /** Spec 6 names the three distributor-type roles and leaves the rest unsaid: root too, who gives the first quotas
   *  (to limited_admin and the manufacturers below it; docs/dynamic-password.md). */
  pwdQuota: { rule: { allow: ['root', 'manufacturer', 'district_distributor', 'regional_distributor'] }, parent: 'qrManage' },
  calculateDynamicPwd: { rule: { allow: ['root', 'limited_admin', 'manufacturer'] }, parent: 'qrManage' },
  pwdList: { rule: { allow: ['manufacturer', 'root', 'district_distributor', 'regional_distributor'] }, parent: 'qrManage' },
  boxRegInfo: { rule: { allow: ['root', 'limited_admin'] } },
  /** IoT cards' records (issue 22): root and limited_admin set expiry dates and providers, and import them. */
  iotCard: { rule: { allow: ['root', 'limited_admin'] } },
  msg: { rule: { deny: ['market'] } },
  datalog: { rule: {} },
  operationLog: { rule: {}, parent: 'datalog' },
  serverLog: { rule: { allow: ['root'] }, parent: 'datalog' },
} as const satisfies Record<string, { rule: AccessRule; parent?: string }>;

export type Area = keyof typeof AREAS;
export const AREA_NAMES = Object.keys(AREAS) as Area[];

/** Whether roles pass one rule: 'admin' passes all; allow needs any match; deny needs none. */
export function passesRule(roles: readonly string[], rule: AccessRule): boolean {
  if (roles.includes(ADMIN_ROLE)) return true;
  if (rule.allow && !rule.allow.some((r) => roles.includes(r))) return false;
  if (rule.deny && rule.deny.some((r) => roles.includes(r))) return false;
  return true;
}

/** Whether a signed-in user with these roles may reach the area (and every area it sits in). */
export function canAccess(roles: readonly string[], area: Area): boolean {
  let current: Area | undefined = area;
  while (current) {
    const entry: { rule: AccessRule; parent?: string } = AREAS[current];
    if (!passesRule(roles, entry.rule)) return false;
    current = entry.parent as Area | undefined;
  }
  return true;
}

/** Every area these roles may reach. */
export function accessibleAreas(roles: readonly string[]): Area[] {
  return AREA_NAMES.filter((a) => canAccess(roles, a));
}
