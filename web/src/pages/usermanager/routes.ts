import { KeyOutlined, PlusCircleOutlined, SolutionOutlined, TeamOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import type { ShellRoute } from '../../app/route-types';
import { ADD_HELPER_PATH, EDIT_HELPER_PATH, HELPER_DEVICE_PATH } from './helper-labels';

/**
 * User management (spec 2 /usermanager; docs/people.md): change password, add a device by its CK code, helpers and the
 * devices shared with them.
 * add-helper and helper-device are reached from the helper list, not the menu; helper-device is not kept alive.
 * edit-manager, add-manager and manager-device follow with the sub-manager calls.
 */
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
      {
        kind: 'page',
        name: 'addDevice',
        path: '/usermanager/add-device',
        meta: { titleKey: 'route.addDevice', icon: PlusCircleOutlined, area: 'addDevice' },
        load: () => import('./add-device'),
      },
      {
        kind: 'page',
        name: 'editHelper',
        path: EDIT_HELPER_PATH,
        meta: { titleKey: 'route.editHelper', icon: SolutionOutlined, area: 'editHelper' },
        load: () => import('./edit-helper'),
      },
      {
        kind: 'page',
        name: 'addHelper',
        path: ADD_HELPER_PATH,
        meta: {
          titleKey: 'route.addHelper',
          icon: UsergroupAddOutlined,
          area: 'addHelper',
          hidden: true,
          noCache: true,
          parentPage: { titleKey: 'route.editHelper', path: EDIT_HELPER_PATH },
        },
        load: () => import('./add-helper'),
      },
      {
        kind: 'page',
        name: 'helperDevice',
        path: HELPER_DEVICE_PATH,
        meta: {
          titleKey: 'route.helperDevice',
          icon: SolutionOutlined,
          area: 'helperDevice',
          hidden: true,
          noCache: true,
          parentPage: { titleKey: 'route.editHelper', path: EDIT_HELPER_PATH },
        },
        load: () => import('./helper-device'),
      },
    ],
  },
];
