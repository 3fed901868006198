import { Alert, App, Button, Card, Form, Input, Select, Space } from 'antd';
import { api, HELPER_TYPES, passwordProblem, usernameProblem, type HelperType, type MessageKey } from '@dms/contract';
import { call } from '../../../api/call';
import { contractRule } from '../../../components/forms/rules';
import { useSubmit } from '../../../components/forms/useSubmit';
import { TemplateSelect } from '../../../features/templates/TemplateSelect';
import { useCloseTab } from '../../../layout/tags-view/useCloseTab';
import { useI18n } from '../../../i18n';
import { EDIT_HELPER_PATH, helperTypeLabel } from '../labels';

interface HelperForm {
  username: string;
  password: string;
  name: string;
  phone: string;
  helperType: HelperType;
  region: string;
  templateId: number | null;
  remark: string;
}

/** /usermanager/add-helper: a helper below the signed-in manager (docs/people.md); reached from edit-helper. */
export default function AddHelperPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  // Sent or given up, the form's tab closes and its list (read again) is shown.
  const closeAndGo = useCloseTab();
  const [form] = Form.useForm<HelperForm>();

  const ruled = (problem: (v: string) => MessageKey | null) => contractRule(problem, lang);

  const {
    busy,
    error,
    run: submit,
    clearError,
  } = useSubmit(
    async (values: HelperForm) => {
      await call(api.usermanager.addHelper, { body: values }, { errorDisplay: 'none' });
      void message.success(t('helpers.added', { username: values.username }));
      form.resetFields();
      closeAndGo(EDIT_HELPER_PATH);
    },
    { invalidates: [api.usermanager.getHelpers, api.usermanager.getHelperTypes] },
  );

  return (
    <Card title={t('route.addHelper')} className="dms-narrow-card">
      <Form<HelperForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          username: '',
          password: '',
          name: '',
          phone: '',
          helperType: 'operator',
          region: '',
          templateId: null,
          remark: '',
        }}
        onFinish={(v) => void submit(v)}
        onValuesChange={() => {
          clearError();
        }}
      >
        <Form.Item name="username" label={t('helpers.username')} rules={[ruled(usernameProblem)]} validateTrigger="onBlur">
          <Input data-testid="add-helper-username" maxLength={20} autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label={t('people.password')} rules={[ruled(passwordProblem)]} validateTrigger="onBlur">
          <Input.Password data-testid="add-helper-password" maxLength={20} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="name" label={t('helpers.name')}>
          <Input data-testid="add-helper-name" maxLength={64} />
        </Form.Item>
        <Form.Item name="phone" label={t('helpers.phone')}>
          <Input data-testid="add-helper-phone" maxLength={32} inputMode="tel" />
        </Form.Item>
        <Form.Item name="helperType" label={t('helpers.type')}>
          <Select data-testid="add-helper-type" options={HELPER_TYPES.map((v) => ({ value: v, label: helperTypeLabel(t, v) }))} />
        </Form.Item>
        <Form.Item name="region" label={t('helpers.region')}>
          <Input data-testid="add-helper-region" maxLength={64} />
        </Form.Item>
        <Form.Item name="templateId" label={t('people.template')}>
          <TemplateSelect defaultLabel={t('helpers.defaultTemplate')} testId="add-helper-template" />
        </Form.Item>
        <Form.Item name="remark" label={t('helpers.remark')}>
          <Input.TextArea data-testid="add-helper-remark" maxLength={255} rows={2} />
        </Form.Item>
        {error && <Alert type="error" title={error} showIcon role="alert" data-testid="add-helper-error" className="dms-form-alert" />}
        <Space>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="add-helper-submit">
            {t('helpers.save')}
          </Button>
          <Button
            onClick={() => {
              closeAndGo(EDIT_HELPER_PATH);
            }}
          >
            {t('helpers.back')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
