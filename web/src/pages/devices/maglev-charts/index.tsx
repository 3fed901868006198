import { Alert, Col, Row, Typography } from 'antd';
import { useI18n } from '@/i18n';
import { registerName, withheldWhy } from '@/features/devices/registers';
import { WithheldFigure } from '@/features/devices/Withheld';
import { ChartsPage } from '../shared/charts/ChartsPage';
import { ChartWindowBar, useChartWindow } from '../shared/charts/ChartWindowBar';
import { SeriesChart } from '@/features/charts/SeriesChart';
import { DeviceHeader } from '../shared/history/DeviceHeader';
import type { HistoryDevice } from '../shared/history/useHistoryDevice';
import { maglevRegisters } from '../shared/maglev';
import '../shared/history/history.css';

const CURVES = ['speed', 'power', 'flow', 'pressure'] as const;

/**
 * /devices/maglev-charts/:tagId/:time: the maglev blower's key curves (speed, power, flow, outlet pressure) over the
 * window starting at `time`, or the one the query keeps (`?range=1h`, `?from=&to=`, as history-charts), one chart
 * each, zooming together; each chart re-queries the server for its zoomed part. A curve the user may not read is
 * shown as withheld, not queried.
 */
export default function MaglevChartsPage() {
  return <ChartsPage view="maglevCharts">{(loaded, from) => <MaglevCharts loaded={loaded} from={from} />}</ChartsPage>;
}

function MaglevCharts({ loaded, from: initialFrom }: { loaded: HistoryDevice; from: number }) {
  const { t, lang } = useI18n();
  const { range, choose } = useChartWindow(initialFrom);
  const { device, type, registers } = loaded;
  const regs = maglevRegisters(type?.registers ?? [], device.page.roles);
  const curves = CURVES.flatMap((role) => {
    const def = regs[role];
    return def ? [{ role, def, withheld: withheldWhy(device, def.number) }] : [];
  });
  const group = `maglev-${device.boxId}-${device.controller}`;

  return (
    <>
      <DeviceHeader device={device} current="maglevCharts" />
      <div className="dms-history-toolbar">
        <ChartWindowBar value={range} onChange={choose} />
      </div>
      {device.kind !== 'maglev' || curves.length === 0 ? (
        <Alert type="warning" showIcon title={t('history.region.notMaglev')} data-testid="maglev-not-maglev" />
      ) : (
        <Row gutter={[16, 16]}>
          {curves.map(({ role, def, withheld }) => (
            <Col key={role} xs={24} xl={12}>
              <Typography.Text strong>
                {registerName(def, lang)}
                {def.unit ? ` (${def.unit})` : ''}
              </Typography.Text>
              {withheld ? (
                <WithheldFigure why={withheld} height={280} testId={`maglev-chart-${role}`} />
              ) : (
                <SeriesChart
                  boxId={device.boxId}
                  controller={device.controller}
                  registers={[def.number]}
                  defs={registers}
                  from={range.from}
                  to={range.to}
                  height={280}
                  testId={`maglev-chart-${role}`}
                  group={group}
                  deviceId={device.id}
                />
              )}
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
