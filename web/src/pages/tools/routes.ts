import { DatabaseOutlined, LaptopOutlined, ToolOutlined } from '@ant-design/icons';
import type { ShellRoute } from '@/app/route-types';

export const routes: readonly ShellRoute[] = [
  {
    kind: 'group',
    name: 'tools',
    meta: { titleKey: 'tools.route.group', icon: ToolOutlined, area: 'tools' },
    children: [
      {
        kind: 'page',
        name: 'redis',
        path: '/tools/redis',
        meta: { titleKey: 'tools.route.redis', icon: DatabaseOutlined, area: 'tools' },
        load: () => import('./redis'),
      },
      {
        kind: 'page',
        name: 'sessions',
        path: '/tools/sessions',
        meta: { titleKey: 'tools.route.sessions', icon: LaptopOutlined, area: 'tools' },
        load: () => import('./sessions'),
      },
    ],
  },
];

/** Where the area stands in the menu (app/routes.ts orders the areas by it). */
export const menuOrder = 85;
