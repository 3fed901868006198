import {
  ApartmentOutlined,
  ClusterOutlined,
  KeyOutlined,
  PlusCircleOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserAddOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import type { ShellRoute } from '@/app/route-types';
import { ADD_HELPER_PATH, ADD_MANAGER_PATH, EDIT_HELPER_PATH, EDIT_MANAGER_PATH, HELPER_DEVICE_PATH, MANAGER_DEVICE_PATH } from './paths';

/**
 * User management (spec 2 /usermanager; docs/people.md): change password, add a device by its CK code, sub-managers
 * and the devices assigned to them, helpers and the devices shared with them.
 * add-manager, manager-device, add-helper and helper-device are reached from their lists, not the menu; the device
 * pages are not kept alive.
 */
export const routes: readonly ShellRoute[] = [
  {
    kind: 'group',
    name: 'usermanager',
    meta: { titleKey: 'usermanager.route.group', icon: TeamOutlined, area: 'usermanager' },
    children: [
      {
        kind: 'page',
        name: 'changePassword',
        path: '/usermanager/change-password',
        meta: { titleKey: 'usermanager.route.changePassword', icon: KeyOutlined, area: 'changePassword' },
        load: () => import('./change-password'),
      },
      {
        kind: 'page',
        name: 'addDevice',
        path: '/usermanager/add-device',
        meta: { titleKey: 'usermanager.route.addDevice', icon: PlusCircleOutlined, area: 'addDevice' },
        load: () => import('./add-device'),
      },
      {
        kind: 'page',
        name: 'addManager',
        path: ADD_MANAGER_PATH,
        meta: {
          titleKey: 'usermanager.route.addManager',
          icon: UserAddOutlined,
          area: 'addManager',
          hidden: true,
          noCache: true,
          parentPage: { titleKey: 'usermanager.route.editManager', path: EDIT_MANAGER_PATH },
        },
        load: () => import('./add-manager'),
      },
      {
        kind: 'page',
        name: 'editManager',
        path: EDIT_MANAGER_PATH,
        meta: { titleKey: 'usermanager.route.editManager', icon: ApartmentOutlined, area: 'editManager' },
        load: () => import('./edit-manager'),
      },
      {
        kind: 'page',
        name: 'editHelper',
        path: EDIT_HELPER_PATH,
        meta: { titleKey: 'usermanager.route.editHelper', icon: SolutionOutlined, area: 'editHelper' },
        load: () => import('./edit-helper'),
      },
      {
        kind: 'page',
        name: 'addHelper',
        path: ADD_HELPER_PATH,
        meta: {
          titleKey: 'usermanager.route.addHelper',
          icon: UsergroupAddOutlined,
          area: 'addHelper',
          hidden: true,
          noCache: true,
          parentPage: { titleKey: 'usermanager.route.editHelper', path: EDIT_HELPER_PATH },
        },
        load: () => import('./add-helper'),
      },
      {
        kind: 'page',
        name: 'helperDevice',
        path: HELPER_DEVICE_PATH,
        meta: {
          titleKey: 'usermanager.route.helperDevice',
          icon: SolutionOutlined,
          area: 'helperDevice',
          hidden: true,
          noCache: true,
          parentPage: { titleKey: 'usermanager.route.editHelper', path: EDIT_HELPER_PATH },
        },
        load: () => import('./helper-device'),
      },
      {
        kind: 'page',
        name: 'managerDevice',
        path: MANAGER_DEVICE_PATH,
        meta: {
          titleKey: 'usermanager.route.managerDevice',
          icon: ClusterOutlined,
          area: 'managerDevice',
          hidden: true,
          noCache: true,
          parentPage: { titleKey: 'usermanager.route.editManager', path: EDIT_MANAGER_PATH },
        },
        load: () => import('./manager-device'),
      },
    ],
  },
];

/** Where the area stands in the menu (app/routes.ts orders the areas by it). */
export const menuOrder = 40;
