import { ChartFormPage } from '../chart-form/ChartFormPage';

/** /chartsManage/add-gauge-chart (root; issue 21): a new gauge chart, or (`?id=N`) one edited (chart-form/). */
export default function Page() {
  return <ChartFormPage kind="gauge" />;
}
