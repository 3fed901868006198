import { UserOutlined } from '@ant-design/icons';
import type { ShellRoute } from '@/app/route-types';

export const routes: readonly ShellRoute[] = [
  {
    kind: 'page',
    name: 'profile',
    path: '/profile/index',
    meta: { titleKey: 'route.profile', icon: UserOutlined, area: 'profile', hidden: true },
    load: () => import('./index/index'),
  },
];

/** Where the area stands in the menu (app/routes.ts orders the areas by it). */
export const menuOrder = 30;
