import { Alert } from 'antd';
import type { ChartDefinition, ControllerTypeDetail } from '@dms/contract';
import { useI18n } from '@/i18n';
import { GaugeDial } from './GaugeDial';
import { StackedChart } from './StackedChart';
import { StopStatusChart } from './StopStatusChart';
import './charts.css';

export interface ChartViewProps {
  /** The saved chart's id (a stop-status chart is read from the server by it); null: a draft, not saved yet. */
  chartId: number | null;
  definition: ChartDefinition;
  type: ControllerTypeDetail | null;
  device: { id: number; boxId: number; controller: number };
  /** The device's latest raw values (live): what a gauge shows. */
  values: Readonly<Record<string, number>>;
  withheld: boolean;
  testId: string;
}

/** One chart of chart management drawn for one device, by its kind. */
export function ChartView({ chartId, definition, type, device, values, withheld, testId }: ChartViewProps) {
  const { t } = useI18n();
  if (definition.kind === 'gauge')
    return <GaugeDial definition={definition} type={type} values={values} withheld={withheld} testId={testId} />;
  if (withheld) return <Alert type="info" showIcon title={t('chartViews.withheld')} data-testid={`${testId}-withheld`} />;
  if (definition.kind === 'stacked') return <StackedChart definition={definition} type={type} device={device} testId={testId} />;
  if (chartId === null) return null;
  return <StopStatusChart chartId={chartId} device={device} testId={testId} />;
}
