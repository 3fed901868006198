import { DashboardOutlined } from '@ant-design/icons';
import type { ShellRoute } from '@/app/route-types';

export const routes: readonly ShellRoute[] = [
  {
    kind: 'page',
    name: 'dashboard',
    path: '/dashboard',
    meta: { titleKey: 'route.dashboard', icon: DashboardOutlined, area: 'dashboard', affix: true },
    load: () => import('./home'),
  },
];

/** Where the area stands in the menu (app/routes.ts orders the areas by it). */
export const menuOrder = 10;
