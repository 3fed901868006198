import {
  AreaChartOutlined,
  BarChartOutlined,
  CloudServerOutlined,
  HistoryOutlined,
  ReloadOutlined,
  StockOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Alert, Button, Card, Result, Skeleton, Space, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useI18n } from '@/i18n';
import { localized } from '@/features/devices/registers';
import { boxPath, chartsPath, errorRecordPath, historyPath, klinePath, maglevRegionPath } from '@/features/devices/links';
import { parseDevice } from '@/features/devices/params';
import { StatusTag } from '@/features/devices/status';
import { ReachTag } from '@/features/reach/ReachTag';
import { Controls } from '@/features/devices/detail/Controls';
import { DeviceInfoCard } from './DeviceInfoCard';
import { DeviceGauges } from '@/features/devices/detail/Gauges';
import { KeyFigures } from '@/features/devices/detail/KeyFigures';
import { RegisterTable } from '@/features/devices/detail/RegisterTable';
import { ActiveFaults } from '../ActiveFaults';
import { StatusCard } from './StatusCard';
import { useDeviceDetail } from '@/features/devices/detail/useDeviceDetail';
import { HideFromSuperior } from '@/features/reach/HideFromSuperior';
import { DeviceEvents } from '@/features/events/DeviceEvents';
import { DeviceCharts } from '@/features/charts/DeviceCharts';
import '@/features/devices/devices.css';

/**
 * A device's detail page (controller, plcController, maglev-controller: spec 2): header with status, links to its
 * history, charts, k-line, fault records (not offered when its data is hidden from the user) and box, and its key
 * figures; device information (editable by those allowed); status with recent transitions; the gauges and on/off
 * buttons; the live register table in its groups, with writes, its withheld values shown as such. The figures, gauges,
 * buttons and groups are its type's page (/device-type/type-config/page, DeviceDetail.page). Parameters are checked
 * first (malformed → /404).
 */
export function DeviceDetailPage() {
  const { t, lang } = useI18n();
  const params = useParams();
  const address = parseDevice(params.tagId, params.controllerId);
  const state = useDeviceDetail(address);
  const { device, type } = state;

  if (!device) {
    if (state.error) {
      return (
        <Card>
          <Result
            status="error"
            title={state.error}
            extra={
              <Button icon={<ReloadOutlined />} onClick={state.reload}>
                {t('common.action.refresh')}
              </Button>
            }
          />
        </Card>
      );
    }
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }

  const typeName = type ? localized(type.name, lang) : (device.typeName ?? device.typeCode ?? '');
  return (
    <div className="dms-device-detail" data-testid="device-detail" data-device={`${device.boxId}-${device.controller}`}>
      <Card size="small">
        <div className="dms-device-head">
          <div className="dms-device-head-title">
            <Typography.Title level={4} data-testid="device-title">
              {t('devices.detail.title', { boxId: device.boxId, controller: device.controller })}
            </Typography.Title>
            <StatusTag status={device.status} testId="device-head-status" />
            <ReachTag reach={device.reach} testId="device-head-reach" />
            <HideFromSuperior deviceId={device.id} reach={device.reach} onChanged={state.reload} />
            {typeName && <Typography.Text type="secondary">{typeName}</Typography.Text>}
          </div>
          <nav className="dms-device-links" aria-label={t('devices.detail.info')}>
            {/* History, charts, k-line, fault records and region read the device's data: not offered when it is hidden. */}
            {device.reach.data && (
              <>
                <Link to={historyPath(device.kind, device.boxId, device.controller)} data-testid="device-link-history">
                  <Space size={4}>
                    <HistoryOutlined />
                    {t('devices.detail.history')}
                  </Space>
                </Link>
                {(device.charts.includes('history-curves') || device.charts.includes('maglev-charts')) && (
                  <Link to={chartsPath(device.charts, device.boxId, device.controller)} data-testid="device-link-charts">
                    <Space size={4}>
                      <AreaChartOutlined />
                      {t('devices.detail.charts')}
                    </Space>
                  </Link>
                )}
                {device.charts.includes('kline') && (
                  <Link to={klinePath(device.boxId, device.controller)} data-testid="device-link-kline">
                    <Space size={4}>
                      <StockOutlined />
                      {t('devices.detail.kline')}
                    </Space>
                  </Link>
                )}
                <Link to={errorRecordPath(device.boxId, device.controller)} data-testid="device-link-faults">
                  <Space size={4}>
                    <WarningOutlined />
                    {t('devices.detail.faults')}
                  </Space>
                </Link>
                {device.charts.includes('maglev-region') && (
                  <Link to={maglevRegionPath(device.boxId, device.controller)} data-testid="device-link-region">
                    <Space size={4}>
                      <BarChartOutlined />
                      {t('history.route.maglevRegion')}
                    </Space>
                  </Link>
                )}
              </>
            )}
            <Link to={boxPath(device.boxId)} data-testid="device-link-box">
              <Space size={4}>
                <CloudServerOutlined />
                {t('devices.detail.boxPage')}
              </Space>
            </Link>
          </nav>
        </div>
        <KeyFigures device={device} type={type} values={state.values} />
        <ActiveFaults
          faults={device.activeFaults}
          more={device.moreFaults}
          link={{ boxId: device.boxId, controller: device.controller }}
          testId="device-head-faults"
        />
      </Card>
      {!device.reach.data && (
        <Alert
          type="info"
          showIcon
          data-testid="device-data-hidden"
          title={t('reach.hiddenTitle')}
          description={t('reach.hiddenText', { user: device.reach.via ?? '' })}
        />
      )}
      <div className="dms-device-row">
        <DeviceInfoCard device={device} onSaved={state.replace} />
        <StatusCard device={device} />
      </div>
      <DeviceEvents device={device} />
      {device.page.gauges.length > 0 && <DeviceGauges type={type} gauges={device.page.gauges} values={state.values} rights={device} />}
      <DeviceCharts device={device} type={type} values={state.values} />
      <Controls device={device} type={type} values={state.values} />
      <RegisterTable device={device} type={type} values={state.values} ts={state.ts} />
    </div>
  );
}
