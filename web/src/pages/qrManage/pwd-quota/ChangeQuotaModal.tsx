import { App, Form, InputNumber, Typography } from 'antd';
import { api, QUOTA_CHANGE_MAX, type QuotaRow } from '@dms/contract';
import { call } from '@/api/call';
import { FormModal } from '@/components/forms/FormModal';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';
import { QUOTA_CHANGES } from '../queries';

interface ChangeValues {
  change: number | null;
}

/**
 * Raises (a positive number, from the caller's own quota) or lowers (a negative one, back to the caller) the quota of a
 * user directly below. The server's refusal (more than the caller or the user has) is shown on the field.
 */
export function ChangeQuotaModal({ user, onClose }: { user: QuotaRow | null; onClose: () => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangeValues>();
  const { busy, error, run, clearError } = useSubmit(
    async ({ change }: ChangeValues) => {
      if (!user || change === null) return;
      const done = await call(api.qrManage.changeQuota, { body: { userId: user.userId, change } }, { errorDisplay: 'none' });
      const words = { username: user.username, remaining: done.remaining };
      void message.success(
        done.mine === null ? t('qrManage.change.doneUnlimited', words) : t('qrManage.change.done', { ...words, mine: done.mine }),
      );
      onClose();
    },
    { invalidates: QUOTA_CHANGES },
  );
  if (!user) return null;
  return (
    <FormModal<ChangeValues>
      open
      title={t('qrManage.change.title', { username: user.username })}
      okText={t('qrManage.change.submit')}
      okTestId="qr-quota-change-ok"
      busy={busy}
      form={form}
      initialValues={{ change: null }}
      onFinish={(v) => void run(v)}
      onChange={clearError}
      onCancel={onClose}
    >
      <Typography.Paragraph data-testid="qr-quota-change-current">
        {t('qrManage.change.current', { username: user.username, remaining: user.remaining })}
      </Typography.Paragraph>
      <Form.Item
        name="change"
        label={t('qrManage.change.amount')}
        extra={t('qrManage.change.hint')}
        help={error ?? undefined}
        validateStatus={error ? 'error' : undefined}
        rules={[
          {
            validator: (_, value: number | null) =>
              typeof value === 'number' && Number.isInteger(value) && value !== 0 && Math.abs(value) <= QUOTA_CHANGE_MAX
                ? Promise.resolve()
                : Promise.reject(new Error(t('qrManage.change.needed'))),
          },
        ]}
      >
        <InputNumber<number>
          data-testid="qr-quota-change"
          precision={0}
          min={-QUOTA_CHANGE_MAX}
          max={QUOTA_CHANGE_MAX}
          inputMode="numeric"
          style={{ width: 200 }}
        />
      </Form.Item>
    </FormModal>
  );
}
