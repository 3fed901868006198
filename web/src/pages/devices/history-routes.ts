import {
  AlertOutlined,
  AreaChartOutlined,
  DashboardOutlined,
  ExportOutlined,
  FileSearchOutlined,
  HistoryOutlined,
  LineChartOutlined,
  StockOutlined,
  TableOutlined,
} from '@ant-design/icons';
import type { PageRoute } from '@/app/route-types';

/**
 * history, plcHistory, history-charts, k-line, error-record, error-details, export-errors, maglev-charts, maglev-region.
 * All are reached from a device (its pages link to them) and hidden from the menu, except export-errors. Parameters
 * as docs/console.md says; a malformed one goes to /404, a device the user may not see to /401.
 */
export const historyPageRoutes: readonly PageRoute[] = [
  {
    kind: 'page',
    name: 'exportErrors',
    path: '/devices/export-errors',
    meta: { titleKey: 'history.route.exportErrors', icon: ExportOutlined, area: 'devices' },
    load: () => import('./export-errors'),
  },
  {
    kind: 'page',
    name: 'deviceHistory',
    path: '/devices/history/:tagId/:controllerId',
    meta: { titleKey: 'history.route.history', icon: TableOutlined, area: 'devices', hidden: true },
    load: () => import('./history'),
  },
  {
    kind: 'page',
    name: 'plcHistory',
    path: '/devices/plcHistory/:tagId/:controllerId',
    meta: { titleKey: 'history.route.plcHistory', icon: HistoryOutlined, area: 'devices', hidden: true },
    load: () => import('./plc-history'),
  },
  {
    kind: 'page',
    name: 'historyCharts',
    path: '/devices/history-charts/:tagId/:time',
    meta: { titleKey: 'history.route.historyCharts', icon: LineChartOutlined, area: 'devices', hidden: true },
    load: () => import('./history-charts'),
  },
  {
    kind: 'page',
    name: 'kLine',
    path: '/devices/k-line/:tagId/:controllerId',
    meta: { titleKey: 'history.route.kline', icon: StockOutlined, area: 'devices', hidden: true },
    load: () => import('./k-line'),
  },
  {
    kind: 'page',
    name: 'errorRecord',
    path: '/devices/error-record/:tagId/:controllerId',
    meta: { titleKey: 'history.route.errorRecord', icon: AlertOutlined, area: 'devices', hidden: true },
    load: () => import('./error-record'),
  },
  {
    kind: 'page',
    name: 'errorDetails',
    path: '/devices/error-details/:tagId/:time',
    meta: { titleKey: 'history.route.errorDetails', icon: FileSearchOutlined, area: 'devices', hidden: true },
    load: () => import('./error-details'),
  },
  {
    kind: 'page',
    name: 'maglevCharts',
    path: '/devices/maglev-charts/:tagId/:time',
    meta: { titleKey: 'history.route.maglevCharts', icon: AreaChartOutlined, area: 'devices', hidden: true },
    load: () => import('./maglev-charts'),
  },
  {
    kind: 'page',
    name: 'maglevRegion',
    path: '/devices/maglev-region/:tagId/:controllerId',
    meta: { titleKey: 'history.route.maglevRegion', icon: DashboardOutlined, area: 'devices', hidden: true },
    load: () => import('./maglev-region'),
  },
];
