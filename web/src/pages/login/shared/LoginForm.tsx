import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { isApiError } from '@/api/client';
import { signIn } from '@/auth/session';
import { useI18n } from '@/i18n';
import { loginFieldError, type LoginField } from './rules';
import { SecondStepForm } from './SecondStepForm';

interface LoginValues {
  username: string;
  password: string;
}

/**
 * The sign-in form shared by /login and /mlogin: spec 5 rules under the fields (on blur and on submit),
 * the server's message above the button; on success the guard goes on to the redirect target or '/'. A user with
 * two-factor sign-in on is asked for a code next (SecondStepForm).
 */
export function LoginForm({ size }: { size?: 'large' }) {
  const { t, lang } = useI18n();
  const [form] = Form.useForm<LoginValues>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  /** The challenge of the second step, once the password was right for a user with two-factor sign-in on. */
  const [challenge, setChallenge] = useState<string | null>(null);

  const rule = (field: LoginField): Rule => ({
    validator: (_rule, value: unknown) => {
      const problem = loginFieldError(field, typeof value === 'string' ? value : '', lang);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  });

  async function submit(values: LoginValues): Promise<void> {
    setServerError(null);
    setSubmitting(true);
    try {
      // Signed in: the guard now takes the user to ?redirect (or /), as for any signed-in visit to sign-in.
      const step = await signIn({ username: values.username, password: values.password });
      if (step) {
        setChallenge(step.challenge);
        setSubmitting(false);
      }
    } catch (error) {
      setServerError(isApiError(error) && error.message ? error.message : t('common.state.hasError'));
      setSubmitting(false);
    }
  }

  if (challenge) {
    return (
      <SecondStepForm
        challenge={challenge}
        size={size}
        onBack={(message) => {
          setChallenge(null);
          setServerError(message ?? null);
        }}
      />
    );
  }
  return (
    <Form<LoginValues>
      form={form}
      name="login"
      layout="vertical"
      requiredMark={false}
      initialValues={{ username: '', password: '' }}
      onFinish={(values) => void submit(values)}
      onValuesChange={() => {
        if (serverError) setServerError(null);
      }}
      size={size}
      autoComplete="on"
    >
      <Form.Item name="username" label={t('login.form.username')} rules={[rule('username')]} validateTrigger="onBlur">
        <Input
          data-testid="login-username"
          prefix={<UserOutlined />}
          placeholder={t('login.form.usernamePlaceholder')}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
        />
      </Form.Item>
      <Form.Item name="password" label={t('login.form.password')} rules={[rule('password')]} validateTrigger="onBlur">
        <Input.Password
          data-testid="login-password"
          prefix={<LockOutlined />}
          placeholder={t('login.form.passwordPlaceholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      {serverError && (
        <Alert className="dms-login-error" data-testid="login-error" type="error" title={serverError} showIcon role="alert" />
      )}
      <Form.Item className="dms-login-submit">
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
          {t('login.form.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
