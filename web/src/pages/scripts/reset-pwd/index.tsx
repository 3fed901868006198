import { Form, Input } from 'antd';
import { useI18n } from '@/i18n';
import { ScriptFlow } from '../ScriptFlow';
import { splitNames } from './split-names';

interface Values {
  usernames: string;
}

/** /scripts/reset-pwd (root; issue 24): chosen users' passwords reset to generated ones, shown once. docs/scripts.md. */
export default function ResetPwdPage() {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  return (
    <ScriptFlow<Values> script="reset-pwd" form={form} toInput={(v) => ({ script: 'reset-pwd', usernames: splitNames(v.usernames) })}>
      <Form.Item
        name="usernames"
        label={t('scripts.form.usernames')}
        extra={t('scripts.form.usernamesHelp')}
        rules={[
          {
            validator: (_, v: string | undefined) =>
              splitNames(v ?? '').length > 0 ? Promise.resolve() : Promise.reject(new Error(t('scripts.form.usernamesNeeded'))),
          },
        ]}
      >
        <Input.TextArea rows={5} data-testid="script-usernames" autoComplete="off" />
      </Form.Item>
    </ScriptFlow>
  );
}
