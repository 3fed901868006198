import { Button, Space, Typography } from 'antd';
import type { DeviceDetail } from '@dms/contract';
import { Link, useLocation } from 'react-router';
import { useI18n, type TKey } from '@/i18n';
import { StatusTag } from '@/features/devices/status';
import { ReachTag } from '@/features/reach/ReachTag';
import { historyPaths, latestWindowStart } from '@/features/devices/links';

/** The device page of each kind (the device area's detail routes). */
function detailPath(device: DeviceDetail): string {
  const page = device.kind === 'plc' ? 'plcController' : device.kind === 'maglev' ? 'maglev-controller' : 'controller';
  return `/devices/${page}/${device.boxId}/${device.controller}`;
}

interface ViewLink {
  key: string;
  titleKey: TKey;
  to: string;
}

/** The history views of a device, for moving between them: the charts its type shows (/device-type/chart). */
export function deviceViews(device: DeviceDetail, now = Date.now()): ViewLink[] {
  const { boxId, controller, charts } = device;
  const dayAgo = latestWindowStart(86_400_000, now);
  const views: Array<ViewLink | false> = [
    device.kind === 'plc'
      ? { key: 'plcHistory', titleKey: 'history.route.plcHistory', to: historyPaths.plcHistory(boxId, controller) }
      : { key: 'history', titleKey: 'history.route.history', to: historyPaths.history(boxId, controller) },
    charts.includes('history-curves') && {
      key: 'charts',
      titleKey: 'history.route.historyCharts',
      to: historyPaths.charts(boxId, controller, dayAgo),
    },
    charts.includes('kline') && { key: 'kline', titleKey: 'history.route.kline', to: historyPaths.kline(boxId, controller) },
    { key: 'errorRecord', titleKey: 'history.route.errorRecord', to: historyPaths.errorRecord(boxId, controller) },
    charts.includes('maglev-charts') && {
      key: 'maglevCharts',
      titleKey: 'history.route.maglevCharts',
      to: historyPaths.maglevCharts(boxId, controller, dayAgo),
    },
    charts.includes('maglev-region') && {
      key: 'maglevRegion',
      titleKey: 'history.route.maglevRegion',
      to: historyPaths.maglevRegion(boxId, controller),
    },
  ];
  return views.filter((v): v is ViewLink => v !== false);
}

/**
 * The top of a history page: which device (box, controller, company, model, status, how the user reaches it), a link
 * to its detail page and links to its other history views.
 */
export function DeviceHeader({ device, current }: { device: DeviceDetail; current: string }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const subtitle = [device.company, device.stationNo, device.typeName ?? device.model].filter(Boolean).join(' · ');
  return (
    <div className="dms-history-header" data-testid="history-device">
      <Space wrap size={[8, 4]} align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          <Link to={detailPath(device)} data-testid="history-device-link">
            {t('history.device.title', { boxId: device.boxId, controller: device.controller })}
          </Link>
        </Typography.Title>
        <StatusTag status={device.status} testId="history-device-status" />
        <ReachTag reach={device.reach} testId="history-device-reach" />
        {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
      </Space>
      <Space wrap size={[4, 4]} className="dms-history-views">
        {deviceViews(device).map((v) => (
          <Link key={v.key} to={v.to} data-testid={`history-view-${v.key}`}>
            <Button size="small" type={v.key === current || v.to === pathname ? 'primary' : 'default'}>
              {t(v.titleKey)}
            </Button>
          </Link>
        ))}
      </Space>
    </div>
  );
}
