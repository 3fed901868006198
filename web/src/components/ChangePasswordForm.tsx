import { passwordProblem } from '@dms/contract';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { userApi } from '../api/user.js';
import { t, tm } from '../i18n/index.js';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

const rule = { validator: (_: unknown, value: string | undefined) => { const key = passwordProblem(value ?? ''); return key ? Promise.reject(new Error(tm(key))) : Promise.resolve(); } };

/** Change the signed-in user's password with the rules of spec 5 (shared by profile and user management). */
export function ChangePasswordForm() {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  const submit = async (values: Values) => {
    setBusy(true);
    try {
      await userApi.changePassword({ oldPassword: values.oldPassword, newPassword: values.newPassword });
      message.success(t('profile.changed'));
      form.resetFields();
    } catch {
      /* the request layer showed why */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} validateTrigger={['onBlur', 'onSubmit']} style={{ maxWidth: 420 }}>
      <Form.Item name="oldPassword" label={t('profile.oldPassword')} rules={[rule]}>
        <Input.Password data-testid="profile-old-password" autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('profile.newPassword')} rules={[rule]}>
        <Input.Password data-testid="profile-new-password" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('profile.confirmPassword')}
        dependencies={['newPassword']}
        rules={[
          rule,
          ({ getFieldValue }) => ({
            validator: (_: unknown, value: string | undefined) =>
              !value || getFieldValue('newPassword') === value ? Promise.resolve() : Promise.reject(new Error(tm('validation.password.confirmMismatch'))),
          }),
        ]}
      >
        <Input.Password data-testid="profile-confirm-password" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="profile-submit">
        {t('profile.submit')}
      </Button>
    </Form>
  );
}
