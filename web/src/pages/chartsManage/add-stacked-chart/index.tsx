import { ChartFormPage } from '../chart-form/ChartFormPage';

/** /chartsManage/add-stacked-chart (root; issue 21): a new stacked chart, or (`?id=N`) one edited (chart-form/). */
export default function Page() {
  return <ChartFormPage kind="stacked" />;
}
