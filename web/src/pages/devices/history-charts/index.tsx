import { Card } from 'antd';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useI18n } from '../../../i18n';
import { DeviceHeader } from '../history/common/DeviceHeader';
import { parseBoxController, parseTime } from '../shared/params';
import { defaultRegisters, RegisterSelect } from '../history/common/RegisterSelect';
import { useHistoryDevice, type HistoryDevice } from '../history/common/useHistoryDevice';
import { CHART_SPAN_MS, ChartWindowBar, parseSpan, type ChartSpan } from './ChartWindowBar';
import { SeriesChart } from './SeriesChart';
import '../history/common/history.css';

/** Most curves one chart shows. */
const MAX_CURVES = 8;

/**
 * /devices/history-charts/:tagId/:time: curves of chosen registers of the device `{boxId}-{controller}` over the
 * window starting at `time` (24 hours unless `?span=` says otherwise; `?registers=` preselects curves), downsampled by
 * the server.
 */
export default function HistoryChartsPage() {
  const { tagId, time } = useParams();
  const address = parseBoxController(tagId);
  const from = parseTime(time);
  const loaded = useHistoryDevice(from === null ? null : address);
  const { t } = useI18n();
  return (
    <Card title={t('history.route.historyCharts')} data-testid="page-historyCharts" loading={!loaded}>
      {loaded && from !== null && <ChartsBody loaded={loaded} from={from} />}
    </Card>
  );
}

function ChartsBody({ loaded, from: initialFrom }: { loaded: HistoryDevice; from: number }) {
  const [search] = useSearchParams();
  const { device, type, registers } = loaded;
  const all = type?.registers ?? [];
  const selectable = all.filter((r) => r.format !== 'bits');
  // The window and the curves are the page's own state: the path's time is where it starts (moving the window does not
  // open another tab).
  const [from, setFrom] = useState(initialFrom);
  const [span, setSpan] = useState<ChartSpan>(() => parseSpan(search.get('span')));
  const [chosen, setChosen] = useState<number[]>(() => {
    const wanted = (search.get('registers') ?? '').split(',').map(Number).filter((n) => registers.has(n));
    return wanted.length > 0 ? wanted.slice(0, MAX_CURVES) : defaultRegisters(all, 4);
  });
  const move = (nextFrom: number, nextSpan: ChartSpan) => {
    setFrom(Math.max(0, nextFrom));
    setSpan(nextSpan);
  };

  return (
    <>
      <DeviceHeader device={device} current="charts" />
      <div className="dms-history-toolbar">
        <ChartWindowBar from={from} span={span} onChange={move} />
        <RegisterSelect registers={selectable} value={chosen} onChange={setChosen} max={MAX_CURVES} testId="chart-registers" />
      </div>
      <SeriesChart
        boxId={device.boxId}
        controller={device.controller}
        registers={chosen}
        defs={registers}
        from={from}
        to={from + CHART_SPAN_MS[span]}
        height={420}
        deviceId={device.id}
      />
    </>
  );
}
