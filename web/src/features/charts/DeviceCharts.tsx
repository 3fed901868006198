import { Card } from 'antd';
import { api, type ControllerTypeDetail } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/api/call';
import { useI18n } from '@/i18n';
import { ChartView } from './ChartView';

export interface DeviceChartsProps {
  device: { id: number; boxId: number; controller: number };
  type: ControllerTypeDetail | null;
  values: Readonly<Record<string, number>>;
}

/**
 * The charts of chart management a device's type shows on its pages (/device-type/chart), in their order: gauges
 * live, stacked charts with their windows, stop-status charts with their timeline and utilisation. A chart reading a
 * register the viewer may not read, or a device whose data is hidden from them, is drawn without values. Nothing is
 * shown while the type shows none.
 */
export function DeviceCharts({ device, type, values }: DeviceChartsProps) {
  const { t } = useI18n();
  const charts = useQuery(endpointQuery(api.charts.ofDevice, { params: { boxId: device.boxId, controller: device.controller } }));
  if (!charts.data || charts.data.length === 0) return null;
  return (
    <div className="dms-device-charts" data-testid="device-charts">
      {charts.data.map((c) => (
        <Card
          key={c.id}
          size="small"
          title={c.name}
          extra={t(`chartViews.kind.${c.kind === 'stop-status' ? 'stopStatus' : c.kind}`)}
          className={c.kind === 'gauge' ? undefined : 'dms-chart-wide'}
          data-testid={`device-chart-${c.id}`}
          data-kind={c.kind}
        >
          <ChartView
            chartId={c.id}
            definition={c.definition}
            type={type}
            device={device}
            values={values}
            withheld={c.withheld !== null}
            testId={`device-chart-${c.id}-view`}
          />
        </Card>
      ))}
    </div>
  );
}
