import { HddOutlined, PlusSquareOutlined } from '@ant-design/icons';
import type { ShellRoute } from '../../app/route-types';

export const BOX_REG_LIST_PATH = '/box-reg-info';
export const BOX_REG_CREATE_PATH = '/box-reg-info/create';

/**
 * Box registration (spec 2 /box-reg-info: list, create; root and limited_admin). The create page is reached from the
 * list, not the menu; it is not kept alive, so leaving it drops the one-time credentials it shows.
 */
export const boxRegRoutes: readonly ShellRoute[] = [
  {
    kind: 'page',
    name: 'boxRegInfo',
    path: BOX_REG_LIST_PATH,
    meta: { titleKey: 'boxReg.route.list', icon: HddOutlined, area: 'boxRegInfo' },
    load: () => import('./list'),
  },
  {
    kind: 'page',
    name: 'boxRegCreate',
    path: BOX_REG_CREATE_PATH,
    meta: { titleKey: 'boxReg.route.create', icon: PlusSquareOutlined, area: 'boxRegInfo', hidden: true, noCache: true },
    load: () => import('./create'),
  },
];
