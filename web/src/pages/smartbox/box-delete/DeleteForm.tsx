import { Alert, App, Button, Card, Descriptions, Form, Popconfirm, Space, Statistic, Table, Typography } from 'antd';
import { api, type BoxDeletePreview } from '@dms/contract';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '@/api/call';
import { BoxIdInput } from '@/components/forms/BoxIdInput';
import { useSubmit } from '@/components/forms/useSubmit';
import { boxPath } from '@/features/devices/links';
import { StatusTag } from '@/features/devices/status';
import { useI18n } from '@/i18n';
import { DELETE_CHANGES } from './changes';

/**
 * Choosing the box to delete and confirming it: the server first shows what the box holds (its holder, its devices
 * with their status, how much data they have); the delete names them in its question and is done only then. A box
 * handed over in the address (`?boxId=`) is filled in and shown at once.
 */
export function DeleteForm() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ boxId: number | null }>();
  const [preview, setPreview] = useState<BoxDeletePreview | null>(null);
  const show = useSubmit(async ({ boxId }: { boxId: number | null }) => {
    if (boxId === null) return;
    setPreview(await call(api.smartbox.deletePreview, { params: { boxId } }, { errorDisplay: 'none' }));
  });
  const remove = useSubmit(
    async () => {
      if (!preview) return;
      const done = await call(api.smartbox.deleteBox, { body: { boxId: preview.boxId } }, { errorDisplay: 'none' });
      void message.success(t('boxDelete.form.done', { box: done.boxId, days: preview.graceDays }));
      setPreview(null);
      form.resetFields();
    },
    { invalidates: DELETE_CHANGES },
  );
  // A hand-off names the box (`?boxId=`: the silent boxes of /scripts/check-inactive): it is filled in and shown.
  const [params] = useSearchParams();
  const handed = Number(params.get('boxId'));
  useEffect(() => {
    if (!Number.isInteger(handed) || handed <= 0) return;
    form.setFieldsValue({ boxId: handed });
    void show.run({ boxId: handed });
    // Once per box handed over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handed]);
  const error = show.error ?? remove.error;
  const counts = preview?.counts;

  return (
    <Card title={t('boxDelete.form.title')} data-testid="box-delete">
      <Typography.Paragraph type="secondary">{t('boxDelete.form.help')}</Typography.Paragraph>
      <Form<{ boxId: number | null }>
        form={form}
        layout="inline"
        requiredMark={false}
        initialValues={{ boxId: null }}
        onFinish={(v) => void show.run(v)}
        onValuesChange={() => {
          setPreview(null);
          show.clearError();
          remove.clearError();
        }}
      >
        <Form.Item name="boxId" label={t('boxDelete.form.box')} rules={[{ required: true, message: t('boxDelete.form.boxNeeded') }]}>
          <BoxIdInput data-testid="box-delete-box" />
        </Form.Item>
        <Button htmlType="submit" loading={show.busy} data-testid="box-delete-preview">
          {t('boxDelete.form.show')}
        </Button>
      </Form>
      {error && <Alert type="error" title={error} showIcon role="alert" data-testid="box-delete-error" className="dms-form-alert" />}
      {preview && counts && (
        <div data-testid="box-delete-result" style={{ marginTop: 24 }}>
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
            <Descriptions.Item label={t('boxDelete.form.box')}>
              <Link to={boxPath(preview.boxId)}>{preview.boxId}</Link>
            </Descriptions.Item>
            <Descriptions.Item label={t('boxDelete.owner')}>{preview.owner}</Descriptions.Item>
            <Descriptions.Item label={t('boxDelete.company')}>{preview.company}</Descriptions.Item>
            <Descriptions.Item label={t('boxDelete.form.type')}>
              {preview.boxType} · {t(preview.online ? 'boxDelete.form.online' : 'boxDelete.form.offline')}
            </Descriptions.Item>
          </Descriptions>
          <Space wrap size="large" style={{ margin: '16px 0' }} data-testid="box-delete-counts">
            <Statistic title={t('boxDelete.counts.devices')} value={preview.devices.length} />
            <Statistic title={t('boxDelete.counts.history')} value={counts.history} />
            <Statistic title={t('boxDelete.counts.faultRecords')} value={counts.faultRecords} />
            <Statistic title={t('boxDelete.counts.events')} value={counts.events} />
            <Statistic title={t('boxDelete.counts.statusChanges')} value={counts.statusChanges} />
            <Statistic title={t('boxDelete.counts.commands')} value={counts.commands} />
          </Space>
          {preview.devices.length > 0 && (
            <Table
              size="small"
              rowKey="id"
              data-testid="box-delete-devices"
              dataSource={preview.devices}
              pagination={false}
              scroll={{ x: 420 }}
              columns={[
                {
                  key: 'controller',
                  title: t('boxDelete.form.device'),
                  width: 160,
                  render: (_: unknown, d) => `${preview.boxId} / ${d.controller}`,
                },
                { key: 'type', title: t('boxDelete.form.deviceType'), dataIndex: 'type', width: 160 },
                {
                  key: 'status',
                  title: t('boxDelete.form.status'),
                  width: 140,
                  render: (_: unknown, d) => <StatusTag status={d.status} />,
                },
              ]}
            />
          )}
          <Alert
            type="warning"
            showIcon
            style={{ margin: '16px 0' }}
            data-testid="box-delete-warning"
            title={t('boxDelete.form.warning', { days: preview.graceDays })}
          />
          <Popconfirm
            title={t('boxDelete.form.confirm', { box: preview.boxId, devices: preview.devices.length, history: counts.history })}
            okButtonProps={{ danger: true, 'data-testid': 'box-delete-confirm' }}
            onConfirm={() => void remove.run()}
          >
            <Button type="primary" danger loading={remove.busy} data-testid="box-delete-submit">
              {t('boxDelete.form.submit', { box: preview.boxId })}
            </Button>
          </Popconfirm>
        </div>
      )}
    </Card>
  );
}
