import { api } from '@dms/contract';
import { Alert, App, Button, Card, Form, Input, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { call } from '@/api/call';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';

/**
 * Root's reset of a user's two-factor sign-in (/tools/sessions), for one who lost their phone and recovery codes: it is
 * turned off and every session of theirs ends; logged. The server refuses anyone but root, and root's own.
 */
export function ResetTwoFactor() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ username: string }>();
  const [username, setUsername] = useState('');
  const reset = useSubmit(
    async () => {
      const { sessionsEnded } = await call(api.tools.resetTwoFactor, { body: { username } }, { errorDisplay: 'none' });
      void message.success(t('twoFactor.resetDone', { count: sessionsEnded }));
      form.resetFields();
      setUsername('');
    },
    { invalidates: [api.tools.sessions] },
  );
  return (
    <Card title={t('twoFactor.resetTitle')} data-testid="two-factor-reset">
      <Typography.Paragraph type="secondary">{t('twoFactor.resetHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        onValuesChange={(_, v) => {
          setUsername((v.username || '').trim());
          reset.clearError();
        }}
      >
        <Form.Item name="username" label={t('twoFactor.username')}>
          <Input data-testid="two-factor-reset-username" maxLength={64} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item>
          <Popconfirm
            title={t('twoFactor.resetConfirm')}
            okButtonProps={{ danger: true, 'data-testid': 'two-factor-reset-ok' }}
            onConfirm={() => void reset.run()}
            disabled={!username}
          >
            <Button danger disabled={!username} loading={reset.busy} data-testid="two-factor-reset-submit">
              {t('twoFactor.reset')}
            </Button>
          </Popconfirm>
        </Form.Item>
      </Form>
      {reset.error && <Alert type="error" showIcon title={reset.error} style={{ marginTop: 12 }} data-testid="two-factor-reset-error" />}
    </Card>
  );
}
