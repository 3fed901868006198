import { Form, InputNumber } from 'antd';
import { useI18n } from '@/i18n';
import { ScriptFlow } from '../ScriptFlow';

interface Values {
  days: number;
}

/** /scripts/check-inactive (root; issue 24): the boxes silent for N days, with their owners: a report. docs/scripts.md. */
export default function CheckInactivePage() {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  return (
    <ScriptFlow<Values>
      script="check-inactive"
      form={form}
      initialValues={{ days: 30 }}
      toInput={(v) => ({ script: 'check-inactive', days: v.days })}
    >
      <Form.Item
        name="days"
        label={t('scripts.form.days')}
        rules={[{ required: true, type: 'integer', min: 1, max: 3650, message: t('scripts.form.daysNeeded') }]}
      >
        <InputNumber<number> min={1} max={3650} precision={0} style={{ width: 160 }} data-testid="script-days" />
      </Form.Item>
    </ScriptFlow>
  );
}
