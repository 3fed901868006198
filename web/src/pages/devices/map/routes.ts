import { EnvironmentOutlined } from '@ant-design/icons';
import type { PageRoute } from '@/app/route-types';

/** Map monitoring: the devices on a world map (in the menu). The large screen is outside the shell (app/routes.ts). */
export const mapPageRoutes: readonly PageRoute[] = [
  {
    kind: 'page',
    name: 'deviceMap',
    path: '/devices/map',
    meta: { titleKey: 'fleet.route.map', icon: EnvironmentOutlined, area: 'devices' },
    load: () => import('./index'),
  },
];
