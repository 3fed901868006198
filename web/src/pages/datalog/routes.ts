import { AuditOutlined, BugOutlined, FileTextOutlined } from '@ant-design/icons';
import type { ShellRoute } from '@/app/route-types';

export const datalogRoutes: readonly ShellRoute[] = [
  {
    kind: 'group',
    name: 'datalog',
    meta: { titleKey: 'route.datalog', icon: FileTextOutlined, area: 'datalog' },
    children: [
      {
        kind: 'page',
        name: 'operationLog',
        path: '/datalog/operation-log',
        meta: { titleKey: 'route.operationLog', icon: AuditOutlined, area: 'operationLog' },
        load: () => import('./operation-log'),
      },
      {
        kind: 'page',
        name: 'serverLog',
        path: '/datalog/server-log',
        meta: { titleKey: 'route.serverLog', icon: BugOutlined, area: 'serverLog' },
        load: () => import('./server-log'),
      },
    ],
  },
];
