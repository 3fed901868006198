import { DesktopOutlined, EnvironmentOutlined } from '@ant-design/icons';
import type { DeviceStatus } from '@dms/contract';
import { Alert, Button, Card, Radio, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useI18n } from '@/i18n';
import { statusLabel } from '@/features/devices/status';
import { LiveMark } from '@/components/LiveMark';
import { FleetMap } from '@/features/fleet-map/FleetMap';
import { locatePoints } from '@/features/fleet-map/locate';
import { useMapPoints } from '@/features/fleet-map/useMapPoints';
import './map-page.css';

/** The status filters of the map: every device, or one status or status group. */
export const MAP_FILTERS = ['online', 'offline', 'alert', 'fault', 'unregistered'] as const satisfies readonly DeviceStatus[];
type MapFilter = (typeof MAP_FILTERS)[number];

function parseFilter(value: string | null): MapFilter | undefined {
  return MAP_FILTERS.find((f) => f === value);
}

/**
 * Map monitoring (/devices/map): the devices the user sees on a world map, coloured by status and clustered, with a
 * status filter (kept in the URL), the count of devices the map cannot place (no coordinates, and no city or
 * province it knows), and the way to the large screen.
 */
export default function MapMonitoringPage() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const status = parseFilter(params.get('status'));
  const { points, error, reload } = useMapPoints(status);
  // Devices without coordinates are placed at their city or province when it is known.
  const placed = useMemo(() => locatePoints(points).length, [points]);
  const unplaced = points.length - placed;
  const listLink = `/devices/devices-show${status ? `?status=${status}` : ''}`;

  return (
    <Card
      className="dms-map-page"
      title={
        <span>
          <EnvironmentOutlined /> {t('fleet.route.map')}
        </span>
      }
      extra={
        <Link to="/large-screen" data-testid="map-large-screen">
          <Button icon={<DesktopOutlined />}>{t('fleet.map.largeScreen')}</Button>
        </Link>
      }
    >
      <div className="dms-map-toolbar">
        <Radio.Group
          optionType="button"
          value={status ?? 'all'}
          aria-label={t('fleet.filter.label')}
          onChange={(e) => {
            const value = parseFilter(String(e.target.value));
            setParams(value ? { status: value } : {}, { replace: true });
          }}
          options={[
            { value: 'all', label: <span data-testid="map-filter-all">{t('fleet.filter.all')}</span> },
            ...MAP_FILTERS.map((f) => ({ value: f, label: <span data-testid={`map-filter-${f}`}>{statusLabel(t, f)}</span> })),
          ]}
        />
        <div className="dms-map-facts">
          <Typography.Text data-testid="map-count" data-count={placed}>
            {t('fleet.map.onMap', { count: placed })}
          </Typography.Text>
          {unplaced > 0 && (
            <Typography.Text type="secondary" data-testid="map-no-position" data-count={unplaced}>
              {t('fleet.map.noPosition', { count: unplaced })} · <Link to={listLink}>{t('fleet.map.noPositionLink')}</Link>
            </Typography.Text>
          )}
          <LiveMark />
        </div>
      </div>
      {error && (
        <Alert
          className="dms-form-alert"
          type="error"
          showIcon
          title={error}
          action={
            <Button size="small" onClick={reload}>
              {t('fleet.map.retry')}
            </Button>
          }
        />
      )}
      <FleetMap points={points} height="max(420px, calc(100vh - 300px))" />
    </Card>
  );
}
