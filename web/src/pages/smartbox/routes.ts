import {
  AimOutlined,
  ClearOutlined,
  CloudServerOutlined,
  CloudUploadOutlined,
  DeleteOutlined,
  FileTextOutlined,
  FileZipOutlined,
  GlobalOutlined,
  NumberOutlined,
  ProfileOutlined,
  RocketOutlined,
  SwapOutlined,
  UploadOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import type { ShellRoute } from '@/app/route-types';
import { SMARTBOX_UPLOAD_PATH } from './paths';

/** Smart box (spec 2 /smartbox: root's and limited_admin's box tools); ip-log, box-address, box-ck, box-dws, device-property, upload, box-software and box-delete are root's (area smartboxRoot), box-assign limited_admin's alone, clearing fault records root's and limited_admin's. */
export const routes: readonly ShellRoute[] = [
  {
    kind: 'group',
    name: 'smartbox',
    meta: { titleKey: 'smartbox.route.smartbox', icon: CloudServerOutlined, area: 'smartbox' },
    children: [
      {
        kind: 'page',
        name: 'ipLog',
        path: '/smartbox/ip-log',
        meta: { titleKey: 'smartbox.route.ipLog', icon: SwapOutlined, area: 'smartboxRoot' },
        load: () => import('./ip-log'),
      },
      {
        kind: 'page',
        name: 'ipConfig',
        path: '/smartbox/ip-config',
        meta: { titleKey: 'smartbox.route.ipConfig', icon: GlobalOutlined, area: 'smartboxRoot' },
        load: () => import('./ip-config'),
      },
      {
        kind: 'page',
        name: 'boxAddress',
        path: '/smartbox/box-address',
        meta: { titleKey: 'smartbox.route.boxAddress', icon: AimOutlined, area: 'smartboxRoot' },
        load: () => import('./box-address'),
      },
      {
        kind: 'page',
        name: 'boxCk',
        path: '/smartbox/box-ck',
        meta: { titleKey: 'smartbox.route.boxCk', icon: NumberOutlined, area: 'smartboxRoot' },
        load: () => import('./box-ck'),
      },
      {
        kind: 'page',
        name: 'boxDws',
        path: '/smartbox/box-dws',
        meta: { titleKey: 'smartbox.route.boxDws', icon: CloudUploadOutlined, area: 'smartboxRoot' },
        load: () => import('./box-dws'),
      },
      {
        kind: 'page',
        name: 'deviceProperty',
        path: '/smartbox/device-property',
        meta: { titleKey: 'smartbox.route.deviceProperty', icon: ProfileOutlined, area: 'smartboxRoot' },
        load: () => import('./device-property'),
      },
      {
        kind: 'page',
        name: 'upload',
        path: SMARTBOX_UPLOAD_PATH,
        meta: { titleKey: 'smartbox.route.upload', icon: FileZipOutlined, area: 'smartboxRoot' },
        load: () => import('./upload'),
      },
      {
        kind: 'page',
        name: 'configUpload',
        path: '/smartbox/config/upload/:id/:language',
        meta: {
          titleKey: 'smartbox.route.configUpload',
          icon: UploadOutlined,
          area: 'smartboxRoot',
          hidden: true,
          noCache: true,
          parentPage: { titleKey: 'smartbox.route.upload', path: SMARTBOX_UPLOAD_PATH },
        },
        load: () => import('./config/upload'),
      },
      {
        kind: 'page',
        name: 'configProtocol',
        path: '/smartbox/config/protocol/:id/:language',
        meta: {
          titleKey: 'smartbox.route.configProtocol',
          icon: FileTextOutlined,
          area: 'smartboxRoot',
          hidden: true,
          noCache: true,
          parentPage: { titleKey: 'smartbox.route.upload', path: SMARTBOX_UPLOAD_PATH },
        },
        load: () => import('./config/protocol'),
      },
      {
        kind: 'page',
        name: 'boxSoftware',
        path: '/smartbox/box-software',
        meta: { titleKey: 'smartbox.route.boxSoftware', icon: RocketOutlined, area: 'smartboxRoot' },
        load: () => import('./box-software'),
      },
      {
        kind: 'page',
        name: 'boxDelete',
        path: '/smartbox/box-delete',
        meta: { titleKey: 'smartbox.route.boxDelete', icon: DeleteOutlined, area: 'smartboxRoot' },
        load: () => import('./box-delete'),
      },
      {
        kind: 'page',
        name: 'boxAssign',
        path: '/smartbox/box-assign',
        meta: { titleKey: 'smartbox.route.boxAssign', icon: UserSwitchOutlined, area: 'boxAssign' },
        load: () => import('./box-assign'),
      },
      {
        kind: 'page',
        name: 'clearFaults',
        path: '/smartbox/box-clear-fault-record',
        meta: { titleKey: 'smartbox.route.clearFaults', icon: ClearOutlined, area: 'boxClearFaultRecord' },
        load: () => import('./box-clear-fault-record'),
      },
    ],
  },
];

/** Where the area stands in the menu (app/routes.ts orders the areas by it). */
export const menuOrder = 70;
