import { AuditOutlined, BugOutlined, FileTextOutlined } from '@ant-design/icons';
import type { ShellRoute } from '@/app/route-types';

export const routes: readonly ShellRoute[] = [
  {
    kind: 'group',
    name: 'datalog',
    meta: { titleKey: 'datalog.route.group', icon: FileTextOutlined, area: 'datalog' },
    children: [
      {
        kind: 'page',
        name: 'operationLog',
        path: '/datalog/operation-log',
        meta: { titleKey: 'datalog.route.operationLog', icon: AuditOutlined, area: 'operationLog' },
        load: () => import('./operation-log'),
      },
      {
        kind: 'page',
        name: 'serverLog',
        path: '/datalog/server-log',
        meta: { titleKey: 'datalog.route.serverLog', icon: BugOutlined, area: 'serverLog' },
        load: () => import('./server-log'),
      },
    ],
  },
];

/** Where the area stands in the menu (app/routes.ts orders the areas by it). */
export const menuOrder = 80;
