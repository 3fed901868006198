import { Alert, App, Button, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { api } from '@dms/contract';
import { call } from '@/api/call';
import { isApiError } from '@/api/client';
import { useI18n } from '@/i18n';
import { passwordFieldError, type PasswordChange, type PasswordField } from './rules';

/**
 * Change password: current, new, confirm (spec 5 rules). The server signs the user's other sessions out.
 * `testIdPrefix` keeps test hooks unique when the profile and the change-password page are both kept alive.
 */
export function ChangePasswordForm({ testIdPrefix = 'profile' }: { testIdPrefix?: string }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordChange>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const rule = (field: PasswordField): Rule => ({
    validator: (_rule, value: unknown) => {
      const values: PasswordChange = { ...form.getFieldsValue(), [field]: typeof value === 'string' ? value : '' };
      const problem = passwordFieldError(field, values, lang);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  });

  async function submit(values: PasswordChange): Promise<void> {
    setServerError(null);
    setSubmitting(true);
    try {
      await call(
        api.user.changePassword,
        { body: { oldPassword: values.oldPassword, newPassword: values.newPassword } },
        { errorDisplay: 'none' },
      );
      form.resetFields();
      void message.success(t('profile.password.success'));
    } catch (error) {
      // A logged-out answer opens the logged-out confirm instead (auth module); nothing to add here.
      if (isApiError(error) && error.kind !== 'loggedOut') setServerError(error.message || t('common.state.hasError'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form<PasswordChange>
      form={form}
      name={`${testIdPrefix}-change-password`}
      layout="vertical"
      requiredMark={false}
      initialValues={{ oldPassword: '', newPassword: '', confirmPassword: '' }}
      onFinish={(values) => void submit(values)}
      onValuesChange={() => {
        if (serverError) setServerError(null);
      }}
      className="dms-password-form"
    >
      <Form.Item name="oldPassword" label={t('profile.password.current')} rules={[rule('oldPassword')]} validateTrigger="onBlur">
        <Input.Password data-testid={`${testIdPrefix}-old-password`} autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('profile.password.new')}
        rules={[rule('newPassword')]}
        validateTrigger="onBlur"
        dependencies={['oldPassword']}
      >
        <Input.Password data-testid={`${testIdPrefix}-new-password`} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('profile.password.confirm')}
        rules={[rule('confirmPassword')]}
        validateTrigger="onBlur"
        dependencies={['newPassword']}
      >
        <Input.Password data-testid={`${testIdPrefix}-confirm-password`} autoComplete="new-password" />
      </Form.Item>
      {serverError && (
        <Alert
          type="error"
          title={serverError}
          showIcon
          role="alert"
          data-testid={`${testIdPrefix}-password-error`}
          className="dms-form-alert"
        />
      )}
      <Button type="primary" htmlType="submit" loading={submitting} data-testid={`${testIdPrefix}-submit`}>
        {t('profile.password.submit')}
      </Button>
    </Form>
  );
}
