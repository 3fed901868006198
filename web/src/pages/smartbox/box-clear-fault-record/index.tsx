import { Alert, App, Button, Card, Checkbox, DatePicker, Form, Typography } from 'antd';
import { api } from '@dms/contract';
import type { Dayjs } from 'dayjs';
import { call } from '@/api/call';
import { isApiError } from '@/api/client';
import { useInvalidate } from '@/api/invalidate';
import { BoxIdInput } from '@/components/forms/BoxIdInput';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';

interface ClearForm {
  boxId: number | null;
  range: [Dayjs | null, Dayjs | null] | null;
  alsoBox: boolean;
}

/** The fault-record reads a clearing changes: a device's records, the fault-record list and the fleet's counts. */
const FAULT_READS = [api.devices.faultRecords, api.history.faultRecords, api.fleet.summary];

/**
 * /smartbox/box-clear-fault-record (root and limited_admin; spec 2, issue 23): a box's ended fault records are deleted,
 * all or those that started in a time range. The server says first how many would go and how many stay open (its
 * warning box, spec 8's 20004); confirmed, it deletes and the operation log keeps the counts. Asked to, it also tells
 * the box to clear its own fault memory (now, or when it comes online).
 */
export default function ClearFaultRecordsPage() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<ClearForm>();
  const invalidate = useInvalidate();
  const { busy, error, run, clearError } = useSubmit(async ({ boxId, range, alsoBox }: ClearForm) => {
    if (boxId === null) return;
    const body = { from: range?.[0]?.valueOf() ?? null, to: range?.[1]?.valueOf() ?? null, alsoBox };
    const confirmed = async () => {
      const { deleted, kept, told } = await call(api.boxes.clearFaultRecords, { params: { boxId }, body: { ...body, confirm: true } });
      const done = t('smartbox.clearFaults.done', { boxId, deleted, kept });
      void message.success(
        told === null ? done : `${done} ${t(told === 'sent' ? 'smartbox.clearFaults.toldSent' : 'smartbox.clearFaults.toldQueued')}`,
      );
      void invalidate(FAULT_READS);
      form.resetFields();
    };
    try {
      await call(api.boxes.clearFaultRecords, { params: { boxId }, body }, { errorDisplay: 'none', onConfirm: confirmed });
    } catch (e) {
      // The expected answer: the warning box asks with the counts, and its OK runs `confirmed`.
      if (isApiError(e) && e.kind === 'warningConfirm') return;
      throw e;
    }
  });
  return (
    <Card title={t('smartbox.route.clearFaults')} className="dms-narrow-card" data-testid="clear-faults">
      <Typography.Paragraph type="secondary">{t('smartbox.clearFaults.help')}</Typography.Paragraph>
      <Form<ClearForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ boxId: null, range: null, alsoBox: false }}
        onFinish={(v) => void run(v)}
        onValuesChange={() => {
          clearError();
        }}
      >
        <Form.Item
          name="boxId"
          label={t('smartbox.clearFaults.box')}
          rules={[{ required: true, message: t('smartbox.clearFaults.boxNeeded') }]}
        >
          <BoxIdInput data-testid="clear-faults-box" />
        </Form.Item>
        <Form.Item name="range" label={t('smartbox.clearFaults.range')} extra={t('smartbox.clearFaults.rangeHelp')}>
          <DatePicker.RangePicker data-testid="clear-faults-range" showTime allowEmpty={[true, true]} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="alsoBox" valuePropName="checked" extra={t('smartbox.clearFaults.alsoBoxHelp')}>
          <Checkbox data-testid="clear-faults-also-box">{t('smartbox.clearFaults.alsoBox')}</Checkbox>
        </Form.Item>
        {error && <Alert type="error" title={error} showIcon role="alert" data-testid="clear-faults-error" className="dms-form-alert" />}
        <Button type="primary" danger htmlType="submit" loading={busy} data-testid="clear-faults-submit">
          {t('smartbox.clearFaults.submit')}
        </Button>
      </Form>
    </Card>
  );
}
