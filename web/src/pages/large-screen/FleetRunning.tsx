import { api, STOP_STATES } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/api/call';
import { useI18n } from '@/i18n';
import { localMidnight } from '@/lib/local-midnight';
import { useNow } from '@/lib/useNow';
import { percent, STATE_COLOR, stateShares } from '@/features/charts/stop-status-view';
import '@/features/charts/charts.css';

/**
 * The large screen's stop-status chart: today's running and stopped time summed over the devices the viewer reads
 * whose type shows a stop-status chart (GET /charts/fleet-stop-status), as one bar of the states' shares with the
 * utilisation, and the most utilised devices. Read again with the screen's other figures.
 */
export function FleetRunning({ refreshMs }: { refreshMs: number }) {
  const { t } = useI18n();
  // Today, from the local midnight (read again as the day turns).
  const from = localMidnight(new Date(useNow(60_000)));
  const fleet = useQuery({
    ...endpointQuery(api.charts.fleetStopStatus, { query: { from } }, { errorDisplay: 'none' }),
    refetchInterval: refreshMs,
  });
  const data = fleet.data;
  return (
    <div className="dms-ls-panel dms-ls-running" data-testid="ls-running" data-devices={data?.devices ?? ''}>
      <h2 className="dms-ls-panel-title">{t('fleet.screen.running')}</h2>
      {!data || data.devices === 0 ? (
        <p className="dms-ls-empty">{data ? t('fleet.screen.runningEmpty') : '—'}</p>
      ) : (
        <>
          <div className="dms-ls-running-head">
            <span className="dms-ls-running-rate" data-testid="ls-running-rate">
              {percent(data.utilisation)}
            </span>
            <span className="dms-ls-running-devices">
              {t('fleet.screen.runningDevices', { count: data.devices })}
              {data.left > 0 && ` · ${t('fleet.screen.runningLeft', { count: data.left })}`}
            </span>
          </div>
          <div className="dms-stop-timeline dms-ls-running-bar" role="img" aria-label={t('fleet.screen.running')}>
            {STOP_STATES.filter((s) => data.totals[s] > 0).map((s) => (
              <div key={s} className="dms-stop-segment" data-state={s} style={{ flexGrow: data.totals[s], background: STATE_COLOR[s] }} />
            ))}
          </div>
          <div className="dms-ls-running-legend">
            {stateShares(data.totals).map(({ state, share }) => (
              <span key={state}>
                <i style={{ background: STATE_COLOR[state] }} />
                {t(`chartViews.state.${state}`)} {percent(share)}
              </span>
            ))}
          </div>
          <ol className="dms-ls-running-top">
            {data.top.slice(0, 5).map((d) => (
              <li key={`${d.boxId}-${d.controller}`}>
                <span className="dms-ls-running-name">
                  {d.boxId}-{d.controller} {d.company}
                </span>
                <span className="dms-ls-running-meter">
                  <span style={{ width: percent(d.utilisation) }} />
                </span>
                <span className="dms-ls-running-value">{percent(d.utilisation)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
