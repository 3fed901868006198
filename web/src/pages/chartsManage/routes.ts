import { AreaChartOutlined, BarChartOutlined, DashboardOutlined, FieldTimeOutlined, PlusCircleOutlined } from '@ant-design/icons';
import type { RouteRedirect, ShellRoute } from '@/app/route-types';
import { CHART_ADD_PATH, CHART_LIST_PATH } from './paths';

/**
 * /chartsManage (root only; issue 21): the gauge, stacked and stop-status charts defined on a type's registers, each
 * kind's list and its form (`?id=N` edits one). The forms are not kept alive: leaving drops a chart half made.
 */
export const routes: readonly ShellRoute[] = [
  {
    kind: 'group',
    name: 'chartsManage',
    meta: { titleKey: 'chartsManage.route.group', icon: BarChartOutlined, area: 'chartsManage' },
    children: [
      {
        kind: 'page',
        name: 'gaugeCharts',
        path: CHART_LIST_PATH.gauge,
        meta: { titleKey: 'chartsManage.route.gauges', icon: DashboardOutlined, area: 'chartsManage' },
        load: () => import('./gauge-charts'),
      },
      {
        kind: 'page',
        name: 'addGaugeChart',
        path: CHART_ADD_PATH.gauge,
        meta: { titleKey: 'chartsManage.route.addGauge', icon: PlusCircleOutlined, area: 'chartsManage', noCache: true },
        load: () => import('./add-gauge-chart'),
      },
      {
        kind: 'page',
        name: 'stackedCharts',
        path: CHART_LIST_PATH.stacked,
        meta: { titleKey: 'chartsManage.route.stacked', icon: AreaChartOutlined, area: 'chartsManage' },
        load: () => import('./stacked-charts'),
      },
      {
        kind: 'page',
        name: 'addStackedChart',
        path: CHART_ADD_PATH.stacked,
        meta: { titleKey: 'chartsManage.route.addStacked', icon: PlusCircleOutlined, area: 'chartsManage', noCache: true },
        load: () => import('./add-stacked-chart'),
      },
      {
        kind: 'page',
        name: 'stopStatusCharts',
        path: CHART_LIST_PATH['stop-status'],
        meta: { titleKey: 'chartsManage.route.stopStatus', icon: FieldTimeOutlined, area: 'chartsManage' },
        load: () => import('./stop-status'),
      },
      {
        kind: 'page',
        name: 'addStopStatusChart',
        path: CHART_ADD_PATH['stop-status'],
        meta: { titleKey: 'chartsManage.route.addStopStatus', icon: PlusCircleOutlined, area: 'chartsManage', noCache: true },
        load: () => import('./add-stop-status'),
      },
    ],
  },
];

export const redirects: readonly RouteRedirect[] = [{ from: '/chartsManage', to: CHART_LIST_PATH.gauge }];

/** Where the area stands in the menu (app/routes.ts orders the areas by it). */
export const menuOrder = 57;
