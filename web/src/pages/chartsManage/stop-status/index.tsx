import { ChartList } from '../chart-list/ChartList';

/** /chartsManage/stop-status (root; issue 21): the stop-status charts (chart-list/ChartList.tsx). */
export default function Page() {
  return <ChartList kind="stop-status" />;
}
