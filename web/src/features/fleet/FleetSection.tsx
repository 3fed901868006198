import {
  CloudServerOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  ReloadOutlined,
  ThunderboltOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { DeviceCounts, DeviceStatus, FleetSummary } from '@dms/contract';
import { Alert, Button, Card, Col, Progress, Row, Space, Statistic, Typography } from 'antd';
import { createElement, lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useI18n, type TKey } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { STATUS_HEX, STATUS_ICON, statusLabel } from '../devices/status';
import { COUNT_TILES, type CountTile } from './count-tiles';
import { LiveMark } from '@/components/LiveMark';
import { TransitionFeed } from './TransitionFeed';
import { useFleetSummary } from './useFleetSummary';
import './fleet.css';

/** The chart (and echarts with it) loads after the figures, so the dashboard's first render does not wait for it. */
const HoursChart = lazy(() => import('./HoursChart').then((m) => ({ default: m.HoursChart })));

/** The dashboard reloads its figures this often, besides after live events. */
const REFRESH_MS = 60_000;

function tileStatus(key: CountTile['key']): DeviceStatus | null {
  return key === 'all' ? null : key;
}

function CountCard({ tile, counts }: { tile: CountTile; counts: DeviceCounts }) {
  const { t } = useI18n();
  const status = tileStatus(tile.key);
  const value = tile.value(counts);
  const split = tile.split?.(counts);
  return (
    <Link to={tile.to} className="dms-fleet-count-link" data-testid={`fleet-count-${tile.key}`} data-count={value}>
      <Card hoverable size="small" className="dms-fleet-count" style={status ? { borderTopColor: STATUS_HEX[status] } : undefined}>
        <Statistic
          title={status ? statusLabel(t, status) : t('dashboard.fleet.all')}
          value={value}
          prefix={
            status ? <span style={{ color: STATUS_HEX[status] }}>{createElement(STATUS_ICON[status])}</span> : <CloudServerOutlined />
          }
        />
        <Typography.Text type="secondary" className="dms-fleet-split">
          {split ? t('dashboard.fleet.split', split) : '\u00a0'}
        </Typography.Text>
      </Card>
    </Link>
  );
}

function Figure({ label, testId, value, children }: { label: TKey; testId: string; value: number | string; children?: ReactNode }) {
  const { t } = useI18n();
  return (
    <Card size="small" className="dms-fleet-figure" data-testid={testId} data-value={value}>
      <Typography.Text type="secondary">{t(label)}</Typography.Text>
      <div className="dms-fleet-figure-value">{children ?? value}</div>
    </Card>
  );
}

/** The figures row: online rate, boxes online, faults and alerts today. */
function Figures({ summary }: { summary: FleetSummary }) {
  const rate = Math.round(summary.onlineRate * 1000) / 10;
  return (
    <Row gutter={[12, 12]}>
      <Col xs={12} md={6}>
        <Figure label="dashboard.fleet.onlineRate" testId="fleet-online-rate" value={rate}>
          <Progress percent={rate} size="small" strokeColor={STATUS_HEX.online} format={(p) => `${p ?? 0}%`} />
        </Figure>
      </Col>
      <Col xs={12} md={6}>
        <Figure label="dashboard.fleet.boxes" testId="fleet-boxes" value={`${summary.boxes.online}/${summary.boxes.total}`}>
          <Statistic value={summary.boxes.online} suffix={`/ ${summary.boxes.total}`} prefix={<CloudServerOutlined />} />
        </Figure>
      </Col>
      <Col xs={12} md={6}>
        <Figure label="dashboard.fleet.faultsToday" testId="fleet-faults-today" value={summary.faultsToday}>
          <Statistic
            value={summary.faultsToday}
            prefix={<ThunderboltOutlined />}
            styles={{ content: { color: summary.faultsToday ? STATUS_HEX.fault : undefined } }}
          />
        </Figure>
      </Col>
      <Col xs={12} md={6}>
        <Figure label="dashboard.fleet.alertsToday" testId="fleet-alerts-today" value={summary.alertsToday}>
          <Statistic
            value={summary.alertsToday}
            prefix={<WarningOutlined />}
            styles={{ content: { color: summary.alertsToday ? STATUS_HEX.alert : undefined } }}
          />
        </Figure>
      </Col>
    </Row>
  );
}

/**
 * The dashboard's fleet part: counts per status (links to their lists), online rate, boxes online, today's faults and
 * alerts, the last 24 hours as a chart and a live feed of status transitions. Live over the fleet watch; reloaded
 * after events (throttled) and every minute.
 */
export function FleetSection() {
  const { t, lang } = useI18n();
  const { summary, feed, error, updatedAt, reload, loading } = useFleetSummary({ refreshMs: REFRESH_MS });
  return (
    <section className="dms-fleet" data-testid="dashboard-fleet">
      <div className="dms-fleet-head">
        <Typography.Title level={4} className="dms-section-title">
          {t('dashboard.fleet.title')}
        </Typography.Title>
        <Space wrap size={[12, 4]}>
          <LiveMark />
          {updatedAt && (
            <Typography.Text type="secondary" data-testid="fleet-updated">
              {t('dashboard.fleet.updated', { time: formatTime(updatedAt, lang) })}
            </Typography.Text>
          )}
          <Button size="small" icon={<ReloadOutlined />} onClick={reload} loading={loading} aria-label={t('common.action.refresh')} />
          <Link to="/devices/map" data-testid="fleet-map-link">
            <Button size="small" icon={<EnvironmentOutlined />}>
              {t('dashboard.fleet.map')}
            </Button>
          </Link>
          <Link to="/large-screen" data-testid="fleet-large-screen-link">
            <Button size="small" icon={<DesktopOutlined />}>
              {t('dashboard.fleet.largeScreen')}
            </Button>
          </Link>
        </Space>
      </div>
      {error && (
        <Alert
          className="dms-form-alert"
          type="error"
          showIcon
          title={t('dashboard.fleet.loadFailed')}
          description={error}
          action={
            <Button size="small" onClick={reload}>
              {t('dashboard.fleet.retry')}
            </Button>
          }
          data-testid="fleet-error"
        />
      )}
      {summary && (
        <>
          {summary.counts.all === 0 && <Alert className="dms-form-alert" type="info" showIcon title={t('dashboard.fleet.noDevices')} />}
          <Row gutter={[12, 12]} className="dms-fleet-counts">
            {COUNT_TILES.map((tile) => (
              <Col key={tile.key} xs={12} sm={8} xl={4}>
                <CountCard tile={tile} counts={summary.counts} />
              </Col>
            ))}
          </Row>
          <Figures summary={summary} />
          <Row gutter={[12, 12]} className="dms-fleet-lower">
            <Col xs={24} xl={14}>
              <Card size="small" title={t('dashboard.fleet.hours')}>
                <Suspense fallback={<div style={{ height: 280 }} />}>
                  <HoursChart hours={summary.hours} />
                </Suspense>
              </Card>
            </Col>
            <Col xs={24} xl={10}>
              <Card size="small" title={t('dashboard.fleet.feed')} className="dms-fleet-feed-card">
                <TransitionFeed rows={feed} empty={t('dashboard.fleet.feedEmpty')} />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </section>
  );
}
