import {
  AlertOutlined,
  AppstoreOutlined,
  AreaChartOutlined,
  BarcodeOutlined,
  ClusterOutlined,
  EditOutlined,
  FileTextOutlined,
  LayoutOutlined,
  LinkOutlined,
  SafetyCertificateOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { ShellRoute } from '@/app/route-types';
import { CK_CONFIG_PATH, PERMISSION_PATH, RELATION_PATH, TYPE_CHARTS_PATH, TYPE_CONFIG_PATH, TYPE_EVENTS_PATH } from './paths';

/**
 * /device-type (spec 2, root only): the controller types and their editor, the model codes, the event bits of each
 * type, the charts each type's devices show, the CK codes with the types each allows and the box-CK table, the
 * permission templates and their editor.
 */
export const routes: readonly ShellRoute[] = [
  {
    kind: 'group',
    name: 'deviceType',
    meta: { titleKey: 'deviceType.route.group', icon: AppstoreOutlined, area: 'deviceType' },
    children: [
      {
        kind: 'page',
        name: 'typeConfig',
        path: TYPE_CONFIG_PATH,
        meta: { titleKey: 'deviceType.route.typeConfig', icon: ClusterOutlined, area: 'deviceType' },
        load: () => import('./type-config'),
      },
      {
        kind: 'page',
        name: 'typeEdit',
        path: '/device-type/type-config/edit/:id',
        meta: {
          titleKey: 'deviceType.route.typeEdit',
          icon: EditOutlined,
          area: 'deviceType',
          hidden: true,
          noCache: true,
          parentPage: { titleKey: 'deviceType.route.typeConfig', path: TYPE_CONFIG_PATH },
        },
        load: () => import('./type-config/edit'),
      },
      {
        kind: 'page',
        name: 'typeUpload',
        path: '/device-type/type-config/upload/:id/:language',
        meta: {
          titleKey: 'deviceType.route.typeUpload',
          icon: UploadOutlined,
          area: 'deviceType',
          hidden: true,
          noCache: true,
          parentPage: { titleKey: 'deviceType.route.typeConfig', path: TYPE_CONFIG_PATH },
        },
        load: () => import('./type-config/upload'),
      },
      {
        kind: 'page',
        name: 'typeProtocol',
        path: '/device-type/type-config/protocol/:id/:alias/:language',
        meta: {
          titleKey: 'deviceType.route.typeProtocol',
          icon: FileTextOutlined,
          area: 'deviceType',
          hidden: true,
          noCache: true,
          parentPage: { titleKey: 'deviceType.route.typeConfig', path: TYPE_CONFIG_PATH },
        },
        load: () => import('./type-config/protocol'),
      },
      {
        kind: 'page',
        name: 'typePage',
        path: '/device-type/type-config/page/:id/:alias',
        meta: {
          titleKey: 'deviceType.route.typePage',
          icon: LayoutOutlined,
          area: 'deviceType',
          hidden: true,
          noCache: true,
          parentPage: { titleKey: 'deviceType.route.typeConfig', path: TYPE_CONFIG_PATH },
        },
        load: () => import('./type-config/page'),
      },
      {
        kind: 'page',
        name: 'relation',
        path: RELATION_PATH,
        meta: { titleKey: 'deviceType.route.relation', icon: LinkOutlined, area: 'deviceType' },
        load: () => import('./relation'),
      },
      {
        kind: 'page',
        name: 'typeEvents',
        path: TYPE_EVENTS_PATH,
        meta: { titleKey: 'deviceType.route.typeEvents', icon: AlertOutlined, area: 'deviceType' },
        load: () => import('./type-events'),
      },
      {
        kind: 'page',
        name: 'typeCharts',
        path: TYPE_CHARTS_PATH,
        meta: { titleKey: 'deviceType.route.chart', icon: AreaChartOutlined, area: 'deviceType' },
        load: () => import('./chart'),
      },
      {
        kind: 'page',
        name: 'ckConfig',
        path: CK_CONFIG_PATH,
        meta: { titleKey: 'deviceType.route.ckConfig', icon: BarcodeOutlined, area: 'deviceType' },
        load: () => import('./ck-config'),
      },
      {
        kind: 'page',
        name: 'ckModel',
        path: '/device-type/CK-config/model/:ck',
        meta: {
          titleKey: 'deviceType.route.ckModel',
          icon: EditOutlined,
          area: 'deviceType',
          hidden: true,
          noCache: true,
          parentPage: { titleKey: 'deviceType.route.ckConfig', path: CK_CONFIG_PATH },
        },
        load: () => import('./ck-config/model'),
      },
      {
        kind: 'page',
        name: 'permission',
        path: PERMISSION_PATH,
        meta: { titleKey: 'deviceType.route.permissionTemplates', icon: SafetyCertificateOutlined, area: 'deviceType' },
        load: () => import('./permission'),
      },
      {
        kind: 'page',
        name: 'permissionModify',
        path: '/device-type/permission/modify/:id',
        meta: {
          titleKey: 'deviceType.route.permissionModify',
          icon: EditOutlined,
          area: 'deviceType',
          hidden: true,
          noCache: true,
          parentPage: { titleKey: 'deviceType.route.permissionTemplates', path: PERMISSION_PATH },
        },
        load: () => import('./permission/modify'),
      },
    ],
  },
];

/** Where the area stands in the menu (app/routes.ts orders the areas by it). */
export const menuOrder = 50;
