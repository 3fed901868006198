import { Card, Empty, Space, Tag, Timeline, Typography } from 'antd';
import type { DeviceDetail } from '@dms/contract';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { STATUS_HEX, StatusTag, statusLabel } from '@/features/devices/status';

/** The device's status (colour, icon, name), run status, when it was last seen, and its recent transitions. */
export function StatusCard({ device }: { device: DeviceDetail }) {
  const { t, lang } = useI18n();
  const run = device.runStatus;
  return (
    <Card title={t('devices.detail.statusTitle')} size="small" data-testid="device-status-card">
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <Space wrap size={8}>
          <StatusTag status={device.status} testId="device-status" />
          <Tag color={run === 'fault' ? 'red' : run === 'warning' ? 'orange' : 'green'} data-testid="device-run-status">
            {t('devices.field.runStatus')}: {t(`devices.runStatus.${run}`)}
          </Tag>
        </Space>
        <Typography.Text type="secondary" data-testid="device-last-seen">
          {device.lastSeen === null
            ? t('devices.detail.neverSeen')
            : t('devices.detail.since', { time: formatTime(device.lastSeen, lang) })}
        </Typography.Text>
        <Typography.Text strong>{t('devices.detail.transitions')}</Typography.Text>
        {device.transitions.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('devices.detail.noTransitions')} />
        ) : (
          <div className="dms-device-timeline" data-testid="device-transitions">
            <Timeline
              items={device.transitions.map((tr, i) => ({
                key: `${tr.time}-${i}`,
                color: STATUS_HEX[tr.to],
                content: (
                  <div data-testid="device-transition" data-to={tr.to}>
                    <div>{t('devices.detail.transition', { from: statusLabel(t, tr.from), to: statusLabel(t, tr.to) })}</div>
                    <Typography.Text type="secondary">{formatTime(tr.time, lang)}</Typography.Text>
                  </div>
                ),
              }))}
            />
          </div>
        )}
      </Space>
    </Card>
  );
}
