import { Checkbox, Form, Input, InputNumber, Space } from 'antd';
import { BOX_FIELDS, CK_CODE, PUSH_TIMES_MAX, type BoxField } from '@dms/contract';
import { useI18n } from '@/i18n';
import { BoxRange } from '../BoxRange';
import { ScriptFlow } from '../ScriptFlow';

type FieldValue = string | number | null;
interface Values {
  startBoxId: number;
  endBoxId: number;
  onlyType: string | undefined;
  /** The fields ticked to be set. */
  set: BoxField[];
  fields: Partial<Record<BoxField, FieldValue>>;
}

const NUMBERS: readonly BoxField[] = ['pushWarning', 'pushFault', 'pushNormal'];

/**
 * /scripts/batch-modify-box (root; issue 24): the fields ticked set on every box of a range (or of one box type):
 * company, contact, box type, push times, CK code (left empty: taken off); undone by setting the old values back.
 */
export default function BatchModifyBoxPage() {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const ticked = (Form.useWatch('set', form) as BoxField[] | undefined) ?? [];
  return (
    <ScriptFlow<Values>
      script="batch-modify-box"
      form={form}
      initialValues={{ set: [] }}
      toInput={(v) => ({
        script: 'batch-modify-box',
        startBoxId: v.startBoxId,
        endBoxId: v.endBoxId,
        ...(v.onlyType ? { onlyType: v.onlyType } : {}),
        fields: Object.fromEntries(
          v.set.map((f) => {
            const value = v.fields[f] ?? null;
            return [f, f === 'ck' ? (value === '' ? null : value) : NUMBERS.includes(f) ? Number(value ?? 0) : (value ?? '')];
          }),
        ),
      })}
    >
      <BoxRange required />
      <Form.Item name="onlyType" label={t('scripts.form.onlyType')}>
        <Input maxLength={32} style={{ width: 240 }} data-testid="script-only-type" />
      </Form.Item>
      <Form.Item name="set" label={t('scripts.form.fields')} rules={[{ type: 'array', min: 1, message: t('scripts.form.fieldsNeeded') }]}>
        <Checkbox.Group data-testid="script-fields" options={BOX_FIELDS.map((f) => ({ value: f, label: t(`scripts.boxField.${f}`) }))} />
      </Form.Item>
      <Space wrap align="start">
        {ticked.map((f) => (
          <Form.Item
            key={f}
            name={['fields', f]}
            label={t(`scripts.boxField.${f}`)}
            rules={f === 'ck' ? [{ pattern: CK_CODE, message: t('scripts.form.ckNeeded') }] : []}
          >
            {NUMBERS.includes(f) ? (
              <InputNumber<number> min={0} max={PUSH_TIMES_MAX} precision={0} style={{ width: 140 }} data-testid={`script-field-${f}`} />
            ) : (
              <Input maxLength={f === 'ck' ? 4 : 128} style={{ width: 220 }} data-testid={`script-field-${f}`} />
            )}
          </Form.Item>
        ))}
      </Space>
    </ScriptFlow>
  );
}
