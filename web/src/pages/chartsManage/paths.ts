import type { ChartDefinitionKind } from '@dms/contract';

/** The paths of the chart management pages (issue 21; routes.ts routes them; the pages link to each other with these). */
export const CHART_LIST_PATH: Record<ChartDefinitionKind, string> = {
  gauge: '/chartsManage/gauge-charts',
  stacked: '/chartsManage/stacked-charts',
  'stop-status': '/chartsManage/stop-status',
};
export const CHART_ADD_PATH: Record<ChartDefinitionKind, string> = {
  gauge: '/chartsManage/add-gauge-chart',
  stacked: '/chartsManage/add-stacked-chart',
  'stop-status': '/chartsManage/add-stop-status',
};
/** A chart opened in its kind's form. */
export const chartEditPath = (kind: ChartDefinitionKind, id: number) => `${CHART_ADD_PATH[kind]}?id=${id}`;
