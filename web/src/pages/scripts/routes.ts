import {
  AlertOutlined,
  CodeOutlined,
  ControlOutlined,
  DisconnectOutlined,
  EditOutlined,
  HistoryOutlined,
  ImportOutlined,
  KeyOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ShellRoute } from '@/app/route-types';

/**
 * /scripts (spec 2, 6: root; issue 24): maintenance scripts, each previewed, confirmed by its count, run with its
 * progress and log, and undone where it can be; every run in scripts-list. docs/scripts.md.
 */
export const routes: readonly ShellRoute[] = [
  {
    kind: 'group',
    name: 'scripts',
    meta: { titleKey: 'scripts.route.group', icon: CodeOutlined, area: 'scripts' },
    children: [
      {
        kind: 'page',
        name: 'scriptsList',
        path: '/scripts/scripts-list',
        meta: { titleKey: 'scripts.route.list', icon: HistoryOutlined, area: 'scripts' },
        load: () => import('./scripts-list'),
      },
      {
        kind: 'page',
        name: 'scriptLoad',
        path: '/scripts/load',
        meta: { titleKey: 'scripts.route.load', icon: ImportOutlined, area: 'scripts' },
        load: () => import('./load'),
      },
      {
        kind: 'page',
        name: 'scriptResetPwd',
        path: '/scripts/reset-pwd',
        meta: { titleKey: 'scripts.route.resetPwd', icon: KeyOutlined, area: 'scripts' },
        load: () => import('./reset-pwd'),
      },
      {
        kind: 'page',
        name: 'scriptCkPwd',
        path: '/scripts/ck-pwd',
        meta: { titleKey: 'scripts.route.ckPwd', icon: TeamOutlined, area: 'scripts' },
        load: () => import('./ck-pwd'),
      },
      {
        kind: 'page',
        name: 'scriptCheckInactive',
        path: '/scripts/check-inactive',
        meta: { titleKey: 'scripts.route.checkInactive', icon: AlertOutlined, area: 'scripts' },
        load: () => import('./check-inactive'),
      },
      {
        kind: 'page',
        name: 'scriptBatchModifyParams',
        path: '/scripts/batch-modify-params',
        meta: { titleKey: 'scripts.route.batchModifyParams', icon: ControlOutlined, area: 'scripts' },
        load: () => import('./batch-modify-params'),
      },
      {
        kind: 'page',
        name: 'scriptBatchModifyBox',
        path: '/scripts/batch-modify-box',
        meta: { titleKey: 'scripts.route.batchModifyBox', icon: EditOutlined, area: 'scripts' },
        load: () => import('./batch-modify-box'),
      },
      {
        kind: 'page',
        name: 'scriptResetDevice',
        path: '/scripts/reset-device',
        meta: { titleKey: 'scripts.route.resetDevice', icon: DisconnectOutlined, area: 'scripts' },
        load: () => import('./reset-device'),
      },
    ],
  },
];

/** Where the area stands in the menu (app/routes.ts orders the areas by it): after the dynamic passwords. */
export const menuOrder = 78;
