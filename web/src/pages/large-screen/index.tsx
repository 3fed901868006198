import { ArrowLeftOutlined } from '@ant-design/icons';
import type { DeviceStatus } from '@dms/contract';
import { App, ConfigProvider, Progress, theme } from 'antd';
import { createElement, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Fullscreen } from '@/layout/navbar/Fullscreen';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { STATUS_HEX, STATUS_ICON, statusLabel } from '@/features/devices/status';
import { COUNT_TILES } from '@/features/fleet/count-tiles';
import { HoursChart } from '@/features/fleet/HoursChart';
import { LiveMark } from '@/components/LiveMark';
import { TransitionFeed } from '@/features/fleet/TransitionFeed';
import { useFleetSummary } from '@/features/fleet/useFleetSummary';
import { FleetMap } from '@/features/fleet-map/FleetMap';
import { useMapPoints } from '@/features/fleet-map/useMapPoints';
import { AutoScroll } from './AutoScroll';
import { FaultyModelsChart } from './FaultyModelsChart';
import { FleetRunning } from './FleetRunning';
import './large-screen.css';

/** The wall view reloads its figures and map this often, besides live events. */
const REFRESH_MS = 30_000;

const FAULT_OR_ALERT: ReadonlySet<DeviceStatus> = new Set([
  'alert',
  'online_alert',
  'offline_alert',
  'fault',
  'online_fault',
  'offline_fault',
]);

const CLOCK_LOCALE = { en: 'en-GB', zh: 'zh-CN', es: 'es-ES', ja: 'ja-JP' } as const;

/** The time and date, ticking every second. */
function Clock() {
  const { lang } = useI18n();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(new Date());
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  const time = new Intl.DateTimeFormat(CLOCK_LOCALE[lang], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(
    now,
  );
  const date = new Intl.DateTimeFormat(CLOCK_LOCALE[lang], { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' }).format(now);
  return (
    <div className="dms-ls-clock" data-testid="ls-clock">
      <span className="dms-ls-clock-time">{time}</span>
      <span className="dms-ls-clock-date">{date}</span>
    </div>
  );
}

/**
 * The large screen (/large-screen): a full-window dark wall view for a control room, outside the shell. Big counts and
 * the online rate, the fleet map, a slowly scrolling feed of faults and alerts, the most faulty models, the last 24
 * hours, today's running and stopped time, and a clock. It reloads itself every 30 s and follows live transitions in between.
 */
function LargeScreen() {
  const { t, lang } = useI18n();
  const { summary, feed, error, updatedAt } = useFleetSummary({ refreshMs: REFRESH_MS });
  const { points } = useMapPoints(undefined, { refreshMs: REFRESH_MS, quiet: true });
  const faultFeed = useMemo(() => feed.filter((r) => FAULT_OR_ALERT.has(r.to) || FAULT_OR_ALERT.has(r.from)), [feed]);
  const rate = summary ? Math.round(summary.onlineRate * 1000) / 10 : 0;

  return (
    <div className="dms-ls" data-testid="large-screen">
      <header className="dms-ls-header">
        <div className="dms-ls-header-side">
          <Link to="/dashboard" className="dms-ls-back" data-testid="ls-back">
            <ArrowLeftOutlined /> {t('fleet.screen.back')}
          </Link>
        </div>
        <h1 className="dms-ls-title">{t('fleet.screen.title')}</h1>
        <div className="dms-ls-header-side dms-ls-header-right">
          <LiveMark className="dms-ls-live" />
          <Clock />
          <Fullscreen size="large" testId="ls-fullscreen" />
        </div>
      </header>
      <main className="dms-ls-grid">
        <section className="dms-ls-left">
          <div className="dms-ls-counts">
            {COUNT_TILES.filter((tile) => tile.key !== 'unregistered' || (summary?.counts.unregistered ?? 0) > 0).map((tile) => {
              const status = tile.key === 'all' ? null : tile.key;
              const value = summary ? tile.value(summary.counts) : 0;
              return (
                <div
                  key={tile.key}
                  className="dms-ls-count"
                  data-testid={`ls-count-${tile.key}`}
                  data-count={value}
                  style={{ borderColor: status ? STATUS_HEX[status] : '#1890ff' }}
                >
                  <span className="dms-ls-count-label">
                    {status && <span style={{ color: STATUS_HEX[status] }}>{createElement(STATUS_ICON[status])} </span>}
                    {status ? statusLabel(t, status) : t('fleet.screen.devices')}
                  </span>
                  <span className="dms-ls-count-value" style={{ color: status ? STATUS_HEX[status] : undefined }}>
                    {summary ? value : '—'}
                  </span>
                </div>
              );
            })}
          </div>
          <div className="dms-ls-panel dms-ls-rate" data-testid="ls-online-rate" data-value={rate}>
            <Progress
              type="dashboard"
              percent={rate}
              size={170}
              strokeWidth={10}
              strokeColor={STATUS_HEX.online}
              format={(p) => `${p ?? 0}%`}
            />
            <span className="dms-ls-panel-title">{t('fleet.screen.onlineRate')}</span>
          </div>
          <div className="dms-ls-figures">
            <div className="dms-ls-figure" data-testid="ls-faults-today" data-value={summary?.faultsToday ?? 0}>
              <span className="dms-ls-figure-value" style={{ color: STATUS_HEX.fault }}>
                {summary?.faultsToday ?? '—'}
              </span>
              <span className="dms-ls-figure-label">{t('fleet.screen.faultsToday')}</span>
            </div>
            <div className="dms-ls-figure" data-testid="ls-alerts-today" data-value={summary?.alertsToday ?? 0}>
              <span className="dms-ls-figure-value" style={{ color: STATUS_HEX.alert }}>
                {summary?.alertsToday ?? '—'}
              </span>
              <span className="dms-ls-figure-label">{t('fleet.screen.alertsToday')}</span>
            </div>
            <div className="dms-ls-figure" data-testid="ls-boxes">
              <span className="dms-ls-figure-value">{summary ? `${summary.boxes.online}/${summary.boxes.total}` : '—'}</span>
              <span className="dms-ls-figure-label">{t('fleet.screen.boxes')}</span>
            </div>
          </div>
        </section>
        <section className="dms-ls-center">
          <div className="dms-ls-panel dms-ls-map">
            <FleetMap points={points} height="100%" dark large testId="ls-map" />
          </div>
          <div className="dms-ls-panel dms-ls-hours">{summary && <HoursChart hours={summary.hours} height="100%" dark large />}</div>
        </section>
        <section className="dms-ls-right">
          <div className="dms-ls-panel dms-ls-feed">
            <h2 className="dms-ls-panel-title">{t('fleet.screen.feed')}</h2>
            <AutoScroll className="dms-ls-feed-body" testId="ls-feed-scroll">
              <TransitionFeed rows={faultFeed} empty={t('fleet.screen.feedEmpty')} testId="ls-feed" />
            </AutoScroll>
          </div>
          <FleetRunning refreshMs={REFRESH_MS} />
          <div className="dms-ls-panel dms-ls-models">
            <h2 className="dms-ls-panel-title">{t('fleet.screen.faultyModels')}</h2>
            {summary && summary.faultyModels.length > 0 ? (
              <FaultyModelsChart models={summary.faultyModels} height="100%" />
            ) : (
              <p className="dms-ls-empty" data-testid="ls-faulty-empty">
                {t('fleet.screen.faultyEmpty')}
              </p>
            )}
          </div>
        </section>
      </main>
      <footer className="dms-ls-footer">
        {error ? (
          <span className="dms-ls-error" data-testid="ls-error">
            {t('fleet.screen.loadFailed')}
          </span>
        ) : null}
        {updatedAt && <span data-testid="ls-updated">{t('fleet.screen.updated', { time: formatTime(updatedAt, lang) })}</span>}
      </footer>
    </div>
  );
}

/** The large screen in the dark theme with larger type. */
export default function LargeScreenPage() {
  return (
    <ConfigProvider
      theme={{ algorithm: theme.darkAlgorithm, token: { fontSize: 16, colorBgContainer: '#0f2340', colorBgElevated: '#132a4a' } }}
    >
      <App>
        <LargeScreen />
      </App>
    </ConfigProvider>
  );
}
