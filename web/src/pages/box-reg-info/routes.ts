import { HddOutlined, PlusSquareOutlined, QrcodeOutlined } from '@ant-design/icons';
import type { RouteRedirect, ShellRoute } from '@/app/route-types';
import { BOX_REG_CREATE_PATH, BOX_REG_LABELS_PATH, BOX_REG_LIST_PATH } from './paths';

/**
 * Box registration (spec 2 /box-reg-info: list, create; root and limited_admin). The group's bare path, where the list
 * lived before, opens the list. The create page is reached from the
 * list, not the menu, and its breadcrumb links back to the list; it is not kept alive, so leaving it drops the
 * one-time credentials it shows.
 */
export const routes: readonly ShellRoute[] = [
  {
    kind: 'page',
    name: 'boxRegInfo',
    path: BOX_REG_LIST_PATH,
    meta: { titleKey: 'boxRegInfo.route.list', icon: HddOutlined, area: 'boxRegInfo' },
    load: () => import('./list'),
  },
  {
    kind: 'page',
    name: 'boxRegCreate',
    path: BOX_REG_CREATE_PATH,
    meta: {
      titleKey: 'boxRegInfo.route.create',
      icon: PlusSquareOutlined,
      area: 'boxRegInfo',
      hidden: true,
      noCache: true,
      // Reached from the list: the breadcrumb reads Dashboard › Box registration › Register boxes.
      parentPage: { titleKey: 'boxRegInfo.route.list', path: BOX_REG_LIST_PATH },
    },
    load: () => import('./create'),
  },
  {
    kind: 'page',
    name: 'boxRegLabels',
    path: BOX_REG_LABELS_PATH,
    meta: {
      titleKey: 'boxRegInfo.route.labels',
      icon: QrcodeOutlined,
      area: 'boxRegInfo',
      hidden: true,
      // Reached from the list and from a registration's result: Dashboard › Box registration › Claim labels.
      parentPage: { titleKey: 'boxRegInfo.route.list', path: BOX_REG_LIST_PATH },
    },
    load: () => import('./claim-labels'),
  },
];

export const redirects: readonly RouteRedirect[] = [{ from: '/box-reg-info', to: BOX_REG_LIST_PATH }];

/** Where the area stands in the menu (app/routes.ts orders the areas by it). */
export const menuOrder = 60;
