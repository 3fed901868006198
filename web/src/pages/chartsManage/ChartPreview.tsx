import { Alert, Empty, Select, Space, Spin } from 'antd';
import type { ChartDefinition, RuleDevice } from '@dms/contract';
import { useState } from 'react';
import { useI18n } from '@/i18n';
import { ChartView } from '@/features/charts/ChartView';
import { deviceLabel, useTypeDevices } from '@/features/devices/TypeDeviceSelect';
import { useDeviceDetail } from '@/features/devices/detail/useDeviceDetail';

export interface ChartPreviewProps {
  /** The saved chart (a stop-status timeline is read from it), or null for one not saved yet. */
  chartId: number | null;
  /** The chart as it stands (a draft's, when complete), or null when it is not. */
  definition: ChartDefinition | null;
  typeId: number | null;
  /** The form's chart differs from the saved one (a stop-status timeline shows the saved one). */
  changed?: boolean;
  testId: string;
}

/**
 * A chart drawn live on a device of its type, as a device's page shows it: the first of the type's devices unless
 * another is chosen (root reaches every device; the demo fleet has some of each built-in type).
 */
export function ChartPreview({ chartId, definition, typeId, changed = false, testId }: ChartPreviewProps) {
  const { t } = useI18n();
  const [chosen, setChosen] = useState<{ typeId: number; device: RuleDevice } | null>(null);
  // The type's devices, searched by box number as the user types (the rule form's own search).
  const { found, loading, search } = useTypeDevices(typeId);
  // The device chosen (kept while a search does not find it), else the type's first.
  const device = (chosen?.typeId === typeId ? chosen.device : null) ?? found[0] ?? null;
  const options = [...(device && !found.some((d) => d.id === device.id) ? [device] : []), ...found];

  if (typeId === null) return <Alert type="info" showIcon title={t('chartsManage.form.previewNeedsType')} data-testid={`${testId}-hint`} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={testId}>
      <Select<number>
        data-testid={`${testId}-device`}
        aria-label={t('chartsManage.form.previewDevice')}
        style={{ width: 320, maxWidth: '100%' }}
        placeholder={t('chartsManage.form.previewDevicePlaceholder')}
        loading={loading}
        value={device?.id}
        options={options.map((d) => ({ value: d.id, label: deviceLabel(d) }))}
        showSearch={{ filterOption: false, onSearch: search }}
        onChange={(id) => {
          const picked = options.find((d) => d.id === id);
          if (picked) setChosen({ typeId, device: picked });
        }}
      />
      {!device ? (
        loading ? (
          <Spin />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chartsManage.form.previewNeedsDevice')} />
        )
      ) : definition === null ? (
        <Alert type="info" showIcon title={t('chartsManage.form.previewInvalid')} data-testid={`${testId}-incomplete`} />
      ) : definition.kind === 'stop-status' && (chartId === null || changed) ? (
        <Alert type="info" showIcon title={t(chartId === null ? 'chartsManage.form.previewNew' : 'chartsManage.form.previewSaved')} />
      ) : null}
      {device && definition && !(definition.kind === 'stop-status' && chartId === null) && (
        <LiveChart key={device.id} chartId={chartId} definition={definition} device={device} testId={`${testId}-view`} />
      )}
    </Space>
  );
}

/** The chart on one device, its values live (the device's page's own read and live push). */
function LiveChart({
  chartId,
  definition,
  device,
  testId,
}: {
  chartId: number | null;
  definition: ChartDefinition;
  device: { id: number; boxId: number; controller: number };
  testId: string;
}) {
  const detail = useDeviceDetail({ boxId: device.boxId, controller: device.controller });
  return (
    <ChartView
      chartId={chartId}
      definition={definition}
      type={detail.type}
      device={{ id: device.id, boxId: device.boxId, controller: device.controller }}
      values={detail.values}
      withheld={false}
      testId={testId}
    />
  );
}
