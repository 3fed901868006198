import {
  CloseCircleOutlined,
  CloudServerOutlined,
  DisconnectOutlined,
  NotificationOutlined,
  ProfileOutlined,
  UnorderedListOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { PageRoute } from '@/app/route-types';

/**
 * Device list, fault/warning/offline lists, device detail (controller, plcController, maglev-controller), box,
 * events/templates (spec 2 /devices). Detail pages are hidden from the menu and opened from the lists.
 */
export const devicePageRoutes: readonly PageRoute[] = [
  {
    kind: 'page',
    name: 'devicesShow',
    path: '/devices/devices-show',
    meta: { titleKey: 'devices.route.devicesShow', icon: UnorderedListOutlined, area: 'devices' },
    load: () => import('./devices-show'),
  },
  {
    kind: 'page',
    name: 'faultDevices',
    path: '/devices/fault',
    meta: { titleKey: 'devices.route.faultList', icon: CloseCircleOutlined, area: 'devices' },
    load: () => import('./devices-show/fault'),
  },
  {
    kind: 'page',
    name: 'warningDevices',
    path: '/devices/warning',
    meta: { titleKey: 'devices.route.warningList', icon: WarningOutlined, area: 'devices' },
    load: () => import('./devices-show/warning'),
  },
  {
    kind: 'page',
    name: 'offlineDevices',
    path: '/devices/offline',
    meta: { titleKey: 'devices.route.offlineList', icon: DisconnectOutlined, area: 'devices' },
    load: () => import('./devices-show/offline'),
  },
  {
    kind: 'page',
    name: 'controller',
    path: '/devices/controller/:tagId/:controllerId',
    meta: { titleKey: 'devices.route.controller', icon: ProfileOutlined, area: 'devices', hidden: true },
    load: () => import('./controller'),
  },
  {
    kind: 'page',
    name: 'plcController',
    path: '/devices/plcController/:tagId/:controllerId',
    meta: { titleKey: 'devices.route.plcController', icon: ProfileOutlined, area: 'devices', hidden: true },
    load: () => import('./plc-controller'),
  },
  {
    kind: 'page',
    name: 'maglevController',
    path: '/devices/maglev-controller/:tagId/:controllerId',
    meta: { titleKey: 'devices.route.maglevController', icon: ProfileOutlined, area: 'devices', hidden: true },
    load: () => import('./maglev-controller'),
  },
  {
    kind: 'page',
    name: 'box',
    path: '/devices/box/:tagId',
    meta: { titleKey: 'devices.route.box', icon: CloudServerOutlined, area: 'devices', hidden: true },
    load: () => import('./box'),
  },
  {
    kind: 'page',
    name: 'eventTemplates',
    path: '/devices/events/templates',
    meta: { titleKey: 'devices.route.eventTemplates', icon: NotificationOutlined, area: 'devices' },
    load: () => import('./events-templates'),
  },
];
