import { FieldNumberOutlined, KeyOutlined, QrcodeOutlined, ReconciliationOutlined } from '@ant-design/icons';
import type { ShellRoute } from '@/app/route-types';

/**
 * /qrManage (spec 2, 6; issue 24): dynamic passwords. Calculating one is root's, limited_admin's and the
 * manufacturers' (area calculateDynamicPwd); giving quota to the users below is the distributor-type roles' and root's
 * (area pwdQuota); the calculations made are listed for root, the manufacturers and the distributors, each seeing theirs
 * and those of the users below them (area pwdList). docs/dynamic-password.md.
 */
export const routes: readonly ShellRoute[] = [
  {
    kind: 'group',
    name: 'qrManage',
    meta: { titleKey: 'qrManage.route.group', icon: QrcodeOutlined, area: 'qrManage' },
    children: [
      {
        kind: 'page',
        name: 'calculateDynamicPwd',
        path: '/qrManage/calculate-dynamic-pwd',
        meta: { titleKey: 'qrManage.route.calculate', icon: KeyOutlined, area: 'calculateDynamicPwd' },
        load: () => import('./calculate-dynamic-pwd'),
      },
      {
        kind: 'page',
        name: 'pwdQuota',
        path: '/qrManage/pwd-quota',
        meta: { titleKey: 'qrManage.route.pwdQuota', icon: FieldNumberOutlined, area: 'pwdQuota' },
        load: () => import('./pwd-quota'),
      },
      {
        kind: 'page',
        name: 'pwdList',
        path: '/qrManage/pwd-list',
        meta: { titleKey: 'qrManage.route.pwdList', icon: ReconciliationOutlined, area: 'pwdList' },
        load: () => import('./pwd-list'),
      },
    ],
  },
];

/** Where the area stands in the menu (app/routes.ts orders the areas by it): after the smart box tools. */
export const menuOrder = 75;
