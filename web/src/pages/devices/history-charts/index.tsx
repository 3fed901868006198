import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DeviceHeader } from '../shared/history/DeviceHeader';
import { defaultRegisters, RegisterSelect } from '../shared/history/RegisterSelect';
import type { HistoryDevice } from '../shared/history/useHistoryDevice';
import { CHART_SPAN_MS, ChartWindowBar, useChartWindow } from '../shared/charts/ChartWindowBar';
import { ChartsPage } from '../shared/charts/ChartsPage';
import { SeriesChart } from '../shared/charts/SeriesChart';
import '../shared/history/history.css';

/** Most curves one chart shows. */
const MAX_CURVES = 8;

/**
 * /devices/history-charts/:tagId/:time: curves of chosen registers of the device `{boxId}-{controller}` over the
 * window starting at `time` (24 hours unless `?span=` says otherwise; `?registers=` preselects curves), downsampled by
 * the server.
 */
export default function HistoryChartsPage() {
  return <ChartsPage view="historyCharts">{(loaded, from) => <ChartsBody loaded={loaded} from={from} />}</ChartsPage>;
}

function ChartsBody({ loaded, from: initialFrom }: { loaded: HistoryDevice; from: number }) {
  const [search] = useSearchParams();
  const { device, type, registers } = loaded;
  const all = type?.registers ?? [];
  const selectable = all.filter((r) => r.format !== 'bits');
  // The curves, like the window, are the page's own state.
  const { from, span, move } = useChartWindow(initialFrom);
  const [chosen, setChosen] = useState<number[]>(() => {
    const wanted = (search.get('registers') ?? '')
      .split(',')
      .map(Number)
      .filter((n) => registers.has(n));
    return wanted.length > 0 ? wanted.slice(0, MAX_CURVES) : defaultRegisters(all, 4);
  });

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
