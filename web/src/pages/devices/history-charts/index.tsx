import { useState } from 'react';
import { DeviceHeader } from '../shared/history/DeviceHeader';
import { defaultRegisters, RegisterSelect } from '../shared/history/RegisterSelect';
import type { HistoryDevice } from '../shared/history/useHistoryDevice';
import { ChartWindowBar, useChartWindow } from '../shared/charts/ChartWindowBar';
import { usePageSearch } from '../shared/history/useWindow';
import { ChartsPage } from '../shared/charts/ChartsPage';
import { SeriesChart } from '@/features/charts/SeriesChart';
import '../shared/history/history.css';

/** Most curves one chart shows. */
const MAX_CURVES = 8;

/**
 * /devices/history-charts/:tagId/:time: curves of chosen registers (those the user may read) of the device `{boxId}-{controller}` over the
 * window starting at `time` (24 hours unless `?span=` says otherwise), or the one the query keeps (`?range=1h`: the
 * last hour up to now; `?from=&to=`); `?registers=` keeps the curves. Downsampled by the server.
 */
export default function HistoryChartsPage() {
  return <ChartsPage view="historyCharts">{(loaded, from) => <ChartsBody loaded={loaded} from={from} />}</ChartsPage>;
}

function ChartsBody({ loaded, from: initialFrom }: { loaded: HistoryDevice; from: number }) {
  const search = usePageSearch();
  const { device, registers, readable } = loaded;
  const selectable = readable.filter((r) => r.format !== 'bits');
  // The window and the curves are kept in the URL's query.
  const { range, choose } = useChartWindow(initialFrom);
  const [chosen, setChosen] = useState<number[]>(() => {
    const wanted = (search.params.get('registers') ?? '')
      .split(',')
      .map(Number)
      .filter((n) => selectable.some((r) => r.number === n));
    return wanted.length > 0 ? wanted.slice(0, MAX_CURVES) : defaultRegisters(selectable, 4);
  });

  return (
    <>
      <DeviceHeader device={device} current="charts" />
      <div className="dms-history-toolbar">
        <ChartWindowBar value={range} onChange={choose} />
        <RegisterSelect
          registers={selectable}
          value={chosen}
          onChange={(next) => {
            setChosen(next);
            search.set({ registers: next.length > 0 ? next.join(',') : null });
          }}
          max={MAX_CURVES}
          testId="chart-registers"
        />
      </div>
      <SeriesChart
        boxId={device.boxId}
        controller={device.controller}
        registers={chosen}
        defs={registers}
        from={range.from}
        to={range.to}
        height={420}
        deviceId={device.id}
      />
    </>
  );
}
