import { ClusterOutlined } from '@ant-design/icons';
import type { ShellRoute } from '@/app/route-types';
import { devicePageRoutes } from './device-routes';
import { historyPageRoutes } from './history-routes';
import { mapPageRoutes } from './map/routes';

/**
 * /devices (spec 2): one menu group. Its pages come from three files so each part of the area keeps its own:
 * device-routes.ts (lists, detail pages, box, event templates), map/routes.ts (map monitoring) and history-routes.ts
 * (history, charts, k-line, fault records). Detail pages are hidden from the menu and opened from lists.
 */
export const routes: readonly ShellRoute[] = [
  {
    kind: 'group',
    name: 'devices',
    meta: { titleKey: 'devices.route.group', icon: ClusterOutlined, area: 'devices' },
    children: [...devicePageRoutes, ...mapPageRoutes, ...historyPageRoutes],
  },
];

/** Where the area stands in the menu (app/routes.ts orders the areas by it). */
export const menuOrder = 20;
