import { UserOutlined } from '@ant-design/icons';
import type { ShellRoute } from '@/app/route-types';

export const profileRoutes: readonly ShellRoute[] = [
  {
    kind: 'page',
    name: 'profile',
    path: '/profile/index',
    meta: { titleKey: 'route.profile', icon: UserOutlined, area: 'profile', hidden: true },
    load: () => import('./index/index'),
  },
];
