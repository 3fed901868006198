import { useQuery } from '@tanstack/react-query';
import { Form, InputNumber, Select } from 'antd';
import { api, writeRange } from '@dms/contract';
import { endpointQuery } from '@/api/call';
import { useI18n } from '@/i18n';
import { localized } from '@/lib/localized';
import { BoxRange } from '../BoxRange';
import { ScriptFlow } from '../ScriptFlow';

interface Values {
  typeId: number;
  register: number;
  value: number;
  startBoxId: number | null;
  endBoxId: number | null;
}

/**
 * /scripts/batch-modify-params (root; issue 24): one register written to every device of a controller type (or of a
 * box range), each through the single write and its box's acknowledgement; undone by writing the old values back.
 */
export default function BatchModifyParamsPage() {
  const { t, lang } = useI18n();
  const [form] = Form.useForm<Values>();
  const typeId = Form.useWatch('typeId', form) as number | undefined;
  const register = Form.useWatch('register', form) as number | undefined;
  const types = useQuery(endpointQuery(api.controllerTypes.list));
  const type = useQuery({
    ...endpointQuery(api.controllerTypes.get, { params: { id: typeId ?? 0 } }),
    enabled: typeof typeId === 'number',
  });
  const writable = type.data ? type.data.registers.filter((r) => r.writable) : [];
  const def = writable.find((r) => r.number === register);
  const range = def ? writeRange(def) : null;
  return (
    <ScriptFlow<Values>
      script="batch-modify-params"
      form={form}
      toInput={(v) => ({
        script: 'batch-modify-params',
        typeId: v.typeId,
        register: v.register,
        value: v.value,
        ...(v.startBoxId ? { startBoxId: v.startBoxId } : {}),
        ...(v.endBoxId ? { endBoxId: v.endBoxId } : {}),
      })}
    >
      <Form.Item name="typeId" label={t('scripts.form.type')} rules={[{ required: true, message: t('scripts.form.typeNeeded') }]}>
        <Select<number>
          data-testid="script-type"
          showSearch={{ optionFilterProp: 'label' }}
          loading={types.isPending}
          options={(types.data ?? []).map((ty) => ({ value: ty.id, label: `${localized(ty.name, lang)} (${ty.code})` }))}
          onChange={() => {
            form.setFieldsValue({ register: undefined, value: undefined });
          }}
        />
      </Form.Item>
      <Form.Item name="register" label={t('scripts.form.register')} rules={[{ required: true, message: t('scripts.form.registerNeeded') }]}>
        <Select<number>
          data-testid="script-register"
          showSearch={{ optionFilterProp: 'label' }}
          disabled={!type.data}
          options={writable.map((r) => ({
            value: r.number,
            label: `${r.number} ${localized(r.name, lang)}${r.unit ? ` (${r.unit})` : ''}`,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="value"
        label={t('scripts.form.value')}
        extra={range ? `${range.min} – ${range.max}${def?.unit ? ` ${def.unit}` : ''}` : undefined}
        rules={[{ required: true, message: t('scripts.form.valueNeeded') }]}
      >
        <InputNumber<number> data-testid="script-value" style={{ width: 200 }} step={def ? 10 ** -def.decimals : 1} />
      </Form.Item>
      <BoxRange />
    </ScriptFlow>
  );
}
