import LockOutlined from '@ant-design/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { passwordProblem, usernameProblem, type MessageKey } from '@dms/contract';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { signIn } from '../../auth/session.js';
import { t, tm } from '../../i18n/index.js';
import { safeRedirect } from '../auth-redirect/index.js';

interface Values {
  username: string;
  password: string;
}

const checkWith = (problem: (v: string) => MessageKey | null, trim: boolean) => ({
  validator: (_: unknown, value: string | undefined) => {
    const key = problem(trim ? (value ?? '').trim() : (value ?? ''));
    return key ? Promise.reject(new Error(tm(key))) : Promise.resolve();
  },
});

/** The sign-in form of /login and /mlogin: the spec 5 rules in the current language, then the server's answer. */
export function LoginForm({ large = false }: { large?: boolean }) {
  const [busy, setBusy] = useState(false);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const submit = async (values: Values) => {
    setBusy(true);
    try {
      await signIn({ username: values.username.trim(), password: values.password });
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch {
      /* the request layer showed the server's message */
    } finally {
      setBusy(false);
    }
  };
  const size = large ? 'large' : 'middle';
  return (
    <Form<Values> layout="vertical" onFinish={submit} validateTrigger={['onBlur', 'onSubmit']} requiredMark={false} initialValues={{ username: '', password: '' }}>
      <Form.Item name="username" label={t('login.username')} rules={[checkWith(usernameProblem, true)]}>
        <Input data-testid="login-username" prefix={<UserOutlined />} autoComplete="username" size={size} autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={[checkWith(passwordProblem, false)]}>
        <Input.Password data-testid="login-password" prefix={<LockOutlined />} autoComplete="current-password" size={size} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} size={size} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}
