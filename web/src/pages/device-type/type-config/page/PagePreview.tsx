import { Card, Skeleton, Space, Typography } from 'antd';
import type { DeviceDetail, TypePageConfig } from '@dms/contract';
import { useMemo } from 'react';
import { useI18n } from '@/i18n';
import { Controls } from '@/features/devices/detail/Controls';
import { DeviceGauges } from '@/features/devices/detail/Gauges';
import { KeyFigures } from '@/features/devices/detail/KeyFigures';
import { RegisterTable } from '@/features/devices/detail/RegisterTable';
import { useDeviceDetail } from '@/features/devices/detail/useDeviceDetail';
import '@/features/devices/devices.css';

/**
 * The live preview of a page being edited: a device of the type, its values live, shown with the draft page by the
 * device page's own parts (key figures, gauges, on/off buttons, grouped register table). Writes are off here.
 */
export function PagePreview({ address, page }: { address: { boxId: number; controller: number }; page: TypePageConfig }) {
  const { t } = useI18n();
  const state = useDeviceDetail(address);
  const device = useMemo<DeviceDetail | null>(
    () => (state.device ? { ...state.device, page, canWrite: false, canSwitch: false } : null),
    [state.device, page],
  );
  return (
    <Card size="small" title={t('typePage.preview')} data-testid="type-page-preview">
      {!device ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            {t('typePage.previewOf', { boxId: address.boxId, controller: address.controller })}
          </Typography.Text>
          <KeyFigures device={device} type={state.type} values={state.values} />
          {page.gauges.length > 0 && <DeviceGauges type={state.type} gauges={page.gauges} values={state.values} rights={device} />}
          <Controls device={device} type={state.type} values={state.values} />
          <RegisterTable device={device} type={state.type} values={state.values} ts={state.ts} />
        </Space>
      )}
    </Card>
  );
}
