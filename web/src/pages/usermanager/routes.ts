import { KeyOutlined, TeamOutlined } from '@ant-design/icons';
import type { ShellRoute } from '../../app/route-types';

export const usermanagerRoutes: readonly ShellRoute[] = [
  {
    kind: 'group',
    name: 'usermanager',
    meta: { titleKey: 'route.usermanager', icon: TeamOutlined, area: 'usermanager' },
    children: [
      {
        kind: 'page',
        name: 'changePassword',
        path: '/usermanager/change-password',
        meta: { titleKey: 'route.changePassword', icon: KeyOutlined, area: 'changePassword' },
        load: () => import('./change-password'),
      },
    ],
  },
];
