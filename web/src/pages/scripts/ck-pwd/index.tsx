import { Form, Input } from 'antd';
import { CK_CODE } from '@dms/contract';
import { useI18n } from '@/i18n';
import { ScriptFlow } from '../ScriptFlow';

interface Values {
  ck: string;
}

/** /scripts/ck-pwd (root; issue 24): the passwords of a CK group's users reset to generated ones. docs/scripts.md. */
export default function CkPwdPage() {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  return (
    <ScriptFlow<Values> script="ck-pwd" form={form} toInput={(v) => ({ script: 'ck-pwd', ck: v.ck.trim() })}>
      <Form.Item name="ck" label={t('scripts.form.ck')} rules={[{ required: true, pattern: CK_CODE, message: t('scripts.form.ckNeeded') }]}>
        <Input maxLength={4} inputMode="numeric" style={{ width: 160 }} data-testid="script-ck" autoComplete="off" />
      </Form.Item>
    </ScriptFlow>
  );
}
