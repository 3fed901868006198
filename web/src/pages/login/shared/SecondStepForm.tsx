import { SafetyOutlined } from '@ant-design/icons';
import { Code } from '@dms/contract';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { isApiError } from '@/api/client';
import { signInSecondStep } from '@/auth/session';
import { useI18n } from '@/i18n';

interface SecondStepProps {
  challenge: string;
  /** Back to the password (with the server's message when the step took too long). */
  onBack: (message?: string) => void;
  size?: 'large';
}

/**
 * The sign-in's second step for a user with two-factor sign-in on: a code of the authenticator app or a recovery code.
 * On success the guard goes on as after a password sign-in; an expired step goes back to the password with its message.
 */
export function SecondStepForm({ challenge, onBack, size }: SecondStepProps) {
  const { t } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit({ code }: { code: string }): Promise<void> {
    setError(null);
    setSubmitting(true);
    try {
      await signInSecondStep(challenge, code);
    } catch (e) {
      setSubmitting(false);
      if (isApiError(e) && e.code === Code.SIGN_IN_STEP_EXPIRED) {
        onBack(e.message);
        return;
      }
      setError(isApiError(e) && e.message ? e.message : t('common.state.hasError'));
    }
  }

  return (
    <Form<{ code: string }>
      name="second-step"
      layout="vertical"
      requiredMark={false}
      initialValues={{ code: '' }}
      onFinish={(values) => void submit(values)}
      onValuesChange={() => {
        if (error) setError(null);
      }}
      size={size}
    >
      <Typography.Title level={5}>{t('login.secondStep.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('login.secondStep.hint')}</Typography.Paragraph>
      <Form.Item
        name="code"
        label={t('login.secondStep.code')}
        rules={[{ required: true, whitespace: true, message: t('login.secondStep.required') }]}
      >
        <Input
          data-testid="login-code"
          prefix={<SafetyOutlined />}
          placeholder={t('login.secondStep.placeholder')}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={32}
          autoFocus
        />
      </Form.Item>
      {error && <Alert className="dms-login-error" data-testid="login-error" type="error" title={error} showIcon role="alert" />}
      <Form.Item className="dms-login-submit">
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-code-submit">
          {t('login.secondStep.submit')}
        </Button>
      </Form.Item>
      <Button
        type="link"
        block
        onClick={() => {
          onBack();
        }}
        data-testid="login-back"
      >
        {t('login.secondStep.back')}
      </Button>
    </Form>
  );
}
