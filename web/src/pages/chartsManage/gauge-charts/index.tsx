import { ChartList } from '../chart-list/ChartList';

/** /chartsManage/gauge-charts (root; issue 21): the gauge charts (chart-list/ChartList.tsx). */
export default function Page() {
  return <ChartList kind="gauge" />;
}
