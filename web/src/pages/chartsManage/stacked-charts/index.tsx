import { ChartList } from '../chart-list/ChartList';

/** /chartsManage/stacked-charts (root; issue 21): the stacked charts (chart-list/ChartList.tsx). */
export default function Page() {
  return <ChartList kind="stacked" />;
}
