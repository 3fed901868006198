import { DashboardOutlined } from '@ant-design/icons';
import type { ShellRoute } from '@/app/route-types';

export const dashboardRoutes: readonly ShellRoute[] = [
  {
    kind: 'page',
    name: 'dashboard',
    path: '/dashboard',
    meta: { titleKey: 'route.dashboard', icon: DashboardOutlined, area: 'dashboard', affix: true },
    load: () => import('./home'),
  },
];
