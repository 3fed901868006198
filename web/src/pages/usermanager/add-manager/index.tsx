import { Alert, App, Button, Card, Form, Input, Space } from 'antd';
import { api, ckProblem, passwordProblem, usernameProblem, type MessageKey } from '@dms/contract';
import { call } from '../../../api/call';
import { contractRule } from '../../../components/forms/rules';
import { useSubmit } from '../../../components/forms/useSubmit';
import { TemplateSelect } from '../../../features/templates/TemplateSelect';
import { useCloseTab } from '../../../layout/tags-view/useCloseTab';
import { useI18n } from '../../../i18n';
import { EDIT_MANAGER_PATH } from '../labels';

interface ManagerForm {
  username: string;
  password: string;
  name: string;
  company: string;
  phone: string;
  ck: string;
  templateId: number | null;
  remark: string;
}

/** /usermanager/add-manager: a sub-manager below the signed-in user (docs/people.md); reached from edit-manager. */
export default function AddManagerPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  // Sent or given up, the form's tab closes and its list (read again) is shown.
  const closeAndGo = useCloseTab();
  const [form] = Form.useForm<ManagerForm>();

  const ruled = (problem: (v: string) => MessageKey | null) => contractRule(problem, lang);
  const optionalCk = (v: string) => (v.trim() === '' ? null : ckProblem(v.trim()));

  const {
    busy,
    error,
    run: submit,
    clearError,
  } = useSubmit(
    async (values: ManagerForm) => {
      await call(api.usermanager.addNextManager, { body: values }, { errorDisplay: 'none' });
      void message.success(t('managers.added', { username: values.username }));
      form.resetFields();
      closeAndGo(EDIT_MANAGER_PATH);
    },
    { invalidates: [api.usermanager.getManagers] },
  );

  return (
    <Card title={t('route.addManager')} className="dms-narrow-card">
      <Form<ManagerForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ username: '', password: '', name: '', company: '', phone: '', ck: '', templateId: null, remark: '' }}
        onFinish={(v) => void submit(v)}
        onValuesChange={() => {
          clearError();
        }}
      >
        <Form.Item name="username" label={t('managers.username')} rules={[ruled(usernameProblem)]} validateTrigger="onBlur">
          <Input data-testid="add-manager-username" maxLength={20} autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label={t('people.password')} rules={[ruled(passwordProblem)]} validateTrigger="onBlur">
          <Input.Password data-testid="add-manager-password" maxLength={20} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="name" label={t('managers.name')}>
          <Input data-testid="add-manager-name" maxLength={64} />
        </Form.Item>
        <Form.Item name="company" label={t('managers.company')}>
          <Input data-testid="add-manager-company" maxLength={128} />
        </Form.Item>
        <Form.Item name="phone" label={t('managers.phone')}>
          <Input data-testid="add-manager-phone" maxLength={32} inputMode="tel" />
        </Form.Item>
        <Form.Item name="ck" label={t('managers.ck')} rules={[ruled(optionalCk)]} validateTrigger="onBlur" extra={t('managers.ckHelp')}>
          <Input data-testid="add-manager-ck" maxLength={4} inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item name="templateId" label={t('people.template')}>
          <TemplateSelect defaultLabel={t('managers.defaultTemplate')} testId="add-manager-template" />
        </Form.Item>
        <Form.Item name="remark" label={t('managers.remark')}>
          <Input.TextArea data-testid="add-manager-remark" maxLength={255} rows={2} />
        </Form.Item>
        {error && <Alert type="error" title={error} showIcon role="alert" data-testid="add-manager-error" className="dms-form-alert" />}
        <Space>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="add-manager-submit">
            {t('managers.save')}
          </Button>
          <Button
            onClick={() => {
              closeAndGo(EDIT_MANAGER_PATH);
            }}
          >
            {t('managers.back')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
