import type { Area, Role } from '../src/index.js';

/**
 * Spec section 6, transcribed by hand as "which single-role user reaches which area", independent of the
 * rule data in access.ts. Nested areas include their parent's rule (smartbox, qrManage, usermanager, datalog).
 */
const ALL: readonly Role[] = [
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
];

export const SPEC_TABLE: Record<Area, readonly Role[]> = {
  dashboard: ALL,
  profile: ALL,
  devices: ALL,
  usermanager: ALL,
  changePassword: ALL,
  datalog: ALL,
  operationLog: ALL,
  addDevice: ['manager', 'qualityController', 'afterSales', 'afterSalesPlus'],
  addManager: ['manager', 'afterSalesPlus'],
  editManager: ['manager', 'afterSales', 'afterSalesPlus'],
  managerDevice: ['manager', 'afterSales', 'afterSalesPlus'],
  addHelper: ['manager'],
  editHelper: ['manager', 'afterSales', 'afterSalesPlus'],
  helperDevice: ['manager', 'afterSales', 'afterSalesPlus'],
  deviceType: ['root'],
  events: ['root'],
  notice: ['root'],
  chartsManage: ['root'],
  tools: ['root'],
  scripts: ['root'],
  smartbox: ['root', 'limited_admin'],
  smartboxRoot: ['root'],
  boxAssign: ['limited_admin'],
  boxClearFaultRecord: ['root', 'limited_admin'],
  qrManage: ['root', 'limited_admin', 'manufacturer', 'district_distributor', 'regional_distributor'],
  // Spec 6 names the three distributor-type roles and says the rest is not shown: root is our addition (it gives the
  // first quotas; docs/dynamic-password.md).
  pwdQuota: ['root', 'manufacturer', 'district_distributor', 'regional_distributor'],
  calculateDynamicPwd: ['root', 'limited_admin', 'manufacturer'],
  pwdList: ['manufacturer', 'root', 'district_distributor', 'regional_distributor'],
  boxRegInfo: ['root', 'limited_admin'],
  // Not a row of spec 6: IoT card records (issue 22), root's and limited_admin's as the expired-device list's keepers.
  iotCard: ['root', 'limited_admin'],
  msg: ALL.filter((r) => r !== 'market'),
  serverLog: ['root'],
};
