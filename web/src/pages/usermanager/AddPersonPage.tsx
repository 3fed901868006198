import { Alert, App, Button, Card, Form, Input, Space } from 'antd';
import { passwordProblem, usernameProblem, type EndpointSpec, type MessageKey } from '@dms/contract';
import type { ReactNode } from 'react';
import { contractRule } from '@/components/forms/rules';
import { useSubmit } from '@/components/forms/useSubmit';
import { TemplateSelect } from '@/features/templates/TemplateSelect';
import { useCloseTab } from '@/layout/tags-view/useCloseTab';
import { useI18n } from '@/i18n';
import type { PersonPages } from './kinds';

/** What every kind of person below the caller is created with. */
export interface NewPersonForm {
  username: string;
  password: string;
  name: string;
  phone: string;
  templateId: number | null;
  remark: string;
}

/**
 * The form that creates a person below the signed-in user (/usermanager/add-helper, add-manager; docs/people.md),
 * reached from their list: user name, password, name, the kind's fields after the name, phone, the kind's fields
 * after the phone, template and remark, checked by the contract's rules. Sent or given up, its tab closes and the list
 * (read again) is shown. Test ids: `add-${kind.testId}-<field>`, `-error`, `-submit`.
 */
export function AddPersonPage<V extends object>({
  kind,
  initialValues,
  afterName,
  afterPhone,
  send,
  invalidates,
}: {
  kind: PersonPages;
  /** The kind's own fields' first values. */
  initialValues: V;
  afterName?: ReactNode;
  afterPhone: ReactNode;
  send: (values: NewPersonForm & V) => Promise<unknown>;
  /** The reads the new person changes: their list, and what it offers to choose. */
  invalidates: readonly EndpointSpec[];
}) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const { ns, testId } = kind;
  const closeAndGo = useCloseTab();
  const [form] = Form.useForm<NewPersonForm & V>();
  const id = (field: string) => `add-${testId}-${field}`;
  const ruled = (problem: (v: string) => MessageKey | null) => contractRule(problem, lang);

  const {
    busy,
    error,
    run: submit,
    clearError,
  } = useSubmit(
    async (values: NewPersonForm & V) => {
      await send(values);
      void message.success(t(`${ns}.added`, { username: values.username }));
      form.resetFields();
      closeAndGo(kind.listPath);
    },
    { invalidates },
  );

  return (
    <Card title={t(kind.addTitle)} className="dms-narrow-card">
      <Form<NewPersonForm & V>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ username: '', password: '', name: '', phone: '', templateId: null, remark: '', ...initialValues }}
        onFinish={(v) => void submit(v)}
        onValuesChange={() => {
          clearError();
        }}
      >
        <Form.Item name="username" label={t(`${ns}.username`)} rules={[ruled(usernameProblem)]} validateTrigger="onBlur">
          <Input data-testid={id('username')} maxLength={20} autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label={t('people.password')} rules={[ruled(passwordProblem)]} validateTrigger="onBlur">
          <Input.Password data-testid={id('password')} maxLength={20} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="name" label={t(`${ns}.name`)}>
          <Input data-testid={id('name')} maxLength={64} />
        </Form.Item>
        {afterName}
        <Form.Item name="phone" label={t(`${ns}.phone`)}>
          <Input data-testid={id('phone')} maxLength={32} inputMode="tel" />
        </Form.Item>
        {afterPhone}
        <Form.Item name="templateId" label={t('people.template')}>
          <TemplateSelect defaultLabel={t(`${ns}.defaultTemplate`)} testId={id('template')} />
        </Form.Item>
        <Form.Item name="remark" label={t(`${ns}.remark`)}>
          <Input.TextArea data-testid={id('remark')} maxLength={255} rows={2} />
        </Form.Item>
        {error && <Alert type="error" title={error} showIcon role="alert" data-testid={id('error')} className="dms-form-alert" />}
        <Space>
          <Button type="primary" htmlType="submit" loading={busy} data-testid={id('submit')}>
            {t(`${ns}.save`)}
          </Button>
          <Button
            onClick={() => {
              closeAndGo(kind.listPath);
            }}
          >
            {t(`${ns}.back`)}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
