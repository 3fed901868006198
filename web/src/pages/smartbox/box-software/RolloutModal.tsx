import { Alert, App, Button, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { api, type FleetVersion, type ImageRow, type RolloutFilter, type RolloutPreview } from '@dms/contract';
import { useState } from 'react';
import { call } from '@/api/call';
import { FormModal } from '@/components/forms/FormModal';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';

interface RolloutForm {
  imageId: number | undefined;
  versions: string[];
  ck: string;
  region: string;
  boxIds: string;
  canary: number;
  batchSize: number;
  paceSeconds: number;
  maxFailures: number;
}

/** The version choice that stands for boxes that never reported theirs (the API's `""`). */
const NEVER = '';
const BOX_LIST = /^\s*(?:[1-9]\d{0,9}(?:[\s,]+|$))*\s*$/;

/** The filter as the API takes it: only what was filled in. */
function filterOf(v: Partial<RolloutForm>): RolloutFilter {
  const versions = v.versions ?? [];
  const ck = (v.ck ?? '').trim();
  const region = (v.region ?? '').trim();
  const ids = (v.boxIds ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  return {
    ...(versions.length > 0 ? { versions } : {}),
    ...(ck ? { ck } : {}),
    ...(region ? { region } : {}),
    ...(ids.length > 0 ? { boxIds: [...new Set(ids)] } : {}),
  };
}

/**
 * A new staged rollout: the image, which boxes (of its type, narrowed by version, CK, region or a list), and how it
 * goes (canary, batch size, pace, failures allowed). The boxes are previewed first; starting sends the canary batch.
 */
export function RolloutModal({
  images,
  versions,
  imageId,
  onClose,
}: {
  images: readonly ImageRow[];
  versions: readonly FleetVersion[];
  imageId: number | undefined;
  onClose: (started: number | null) => void;
}) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<RolloutForm>();
  const [preview, setPreview] = useState<{ key: string; result: RolloutPreview } | null>(null);
  const values = Form.useWatch([], form) as Partial<RolloutForm> | undefined;
  const chosen = images.find((i) => i.id === values?.imageId);
  const key = values ? JSON.stringify([values.imageId, filterOf(values)]) : '';
  const previewed = preview?.key === key ? preview.result : null;

  const previewing = useSubmit(async () => {
    const v = await form.validateFields();
    if (v.imageId === undefined) return;
    const result = await call(api.smartbox.rolloutPreview, { body: { imageId: v.imageId, filter: filterOf(v) } }, { errorDisplay: 'none' });
    setPreview({ key: JSON.stringify([v.imageId, filterOf(v)]), result });
  });
  const starting = useSubmit(
    async (v: RolloutForm) => {
      if (v.imageId === undefined) return;
      const started = await call(
        api.smartbox.startRollout,
        {
          body: {
            imageId: v.imageId,
            filter: filterOf(v),
            canary: v.canary,
            batchSize: v.batchSize,
            paceSeconds: v.paceSeconds,
            maxFailures: v.maxFailures,
          },
        },
        { errorDisplay: 'none' },
      );
      void message.success(t('rollouts.form.started', { id: started.id }));
      onClose(started.id);
    },
    { invalidates: [api.smartbox.rollouts, api.smartbox.versions] },
  );
  const error = previewing.error ?? starting.error;
  const versionOptions = [...new Set(versions.filter((v) => !chosen || v.boxType === chosen.boxType).map((v) => v.version ?? NEVER))].map(
    (v) => ({ value: v, label: v === NEVER ? t('rollouts.form.neverReported') : v }),
  );

  return (
    <FormModal<RolloutForm>
      open
      title={t('rollouts.form.title')}
      okText={t('rollouts.form.start')}
      okTestId="rollout-start"
      okDisabled={!previewed}
      busy={starting.busy}
      form={form}
      width={640}
      initialValues={{ imageId, versions: [], ck: '', region: '', boxIds: '', canary: 2, batchSize: 50, paceSeconds: 60, maxFailures: 0 }}
      onFinish={(v) => void starting.run(v)}
      onChange={() => {
        previewing.clearError();
        starting.clearError();
      }}
      onCancel={() => {
        onClose(null);
      }}
    >
      <Form.Item name="imageId" label={t('rollouts.form.image')} rules={[{ required: true, message: t('rollouts.form.imageNeeded') }]}>
        <Select
          data-testid="rollout-image"
          options={images.map((i) => ({ value: i.id, label: `${i.boxType} ${i.version} · ${i.fileName}` }))}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('rollouts.form.filterHelp')}</Typography.Paragraph>
      <Form.Item name="versions" label={t('rollouts.form.versions')} extra={t('rollouts.form.versionsHelp')}>
        <Select mode="multiple" allowClear data-testid="rollout-versions" options={versionOptions} />
      </Form.Item>
      <Space wrap size={16} style={{ width: '100%' }}>
        <Form.Item name="ck" label={t('rollouts.form.ck')} rules={[{ pattern: /^\d{4}$/, message: t('rollouts.form.ckBad') }]}>
          <Input data-testid="rollout-ck" maxLength={4} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="region" label={t('rollouts.form.region')}>
          <Input data-testid="rollout-region" maxLength={32} style={{ width: 220 }} />
        </Form.Item>
      </Space>
      <Form.Item
        name="boxIds"
        label={t('rollouts.form.boxIds')}
        extra={t('rollouts.form.boxIdsHelp')}
        rules={[{ pattern: BOX_LIST, message: t('rollouts.form.boxIdsBad') }]}
      >
        <Input.TextArea data-testid="rollout-box-ids" autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
      <Space wrap size={16} align="start">
        <Form.Item name="canary" label={t('rollouts.form.canary')} extra={t('rollouts.form.canaryHelp')} style={{ maxWidth: 200 }}>
          <InputNumber<number> data-testid="rollout-canary" min={1} max={1000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="batchSize" label={t('rollouts.form.batchSize')} style={{ maxWidth: 200 }}>
          <InputNumber<number> data-testid="rollout-batch" min={1} max={10_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="paceSeconds" label={t('rollouts.form.pace')} extra={t('rollouts.form.paceHelp')} style={{ maxWidth: 200 }}>
          <InputNumber<number> data-testid="rollout-pace" min={0} max={86_400} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="maxFailures"
          label={t('rollouts.form.maxFailures')}
          extra={t('rollouts.form.maxFailuresHelp')}
          style={{ maxWidth: 200 }}
        >
          <InputNumber<number> data-testid="rollout-max-failures" min={0} max={100_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Space>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Button data-testid="rollout-preview" loading={previewing.busy} onClick={() => void previewing.run()}>
          {t('rollouts.form.preview')}
        </Button>
        {previewed ? (
          <Alert
            type="info"
            showIcon
            data-testid="rollout-preview-result"
            title={t('rollouts.form.previewResult', {
              boxes: previewed.boxes,
              online: previewed.online,
              current: previewed.current,
              version: chosen?.version ?? '',
            })}
            description={t('rollouts.form.previewFirst', {
              boxes: previewed.first.map((b) => b.boxId).join(', ') + (previewed.boxes > previewed.first.length ? ', …' : ''),
            })}
          />
        ) : (
          <Typography.Text type="secondary">{t('rollouts.form.previewNeeded')}</Typography.Text>
        )}
        {error && <Alert type="error" title={error} showIcon role="alert" data-testid="rollout-error" />}
      </Space>
    </FormModal>
  );
}
