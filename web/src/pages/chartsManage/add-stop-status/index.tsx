import { ChartFormPage } from '../chart-form/ChartFormPage';

/** /chartsManage/add-stop-status (root; issue 21): a new stop-status chart, or (`?id=N`) one edited (chart-form/). */
export default function Page() {
  return <ChartFormPage kind="stop-status" />;
}
