import { Form, InputNumber, Space } from 'antd';
import { useI18n } from '@/i18n';

/** A box id range's two fields (`startBoxId`, `endBoxId`), required or not. */
export function BoxRange({ required = false }: { required?: boolean }) {
  const { t } = useI18n();
  const rule = { required, message: t('scripts.form.rangeNeeded') };
  return (
    <Form.Item label={required ? t('scripts.form.rangeRequired') : t('scripts.form.range')} required={required}>
      <Space wrap>
        <Form.Item name="startBoxId" noStyle rules={[rule]}>
          <InputNumber<number>
            data-testid="script-start-box"
            min={1}
            precision={0}
            placeholder={t('scripts.form.from')}
            style={{ width: 160 }}
          />
        </Form.Item>
        <Form.Item name="endBoxId" noStyle rules={[rule]}>
          <InputNumber<number>
            data-testid="script-end-box"
            min={1}
            precision={0}
            placeholder={t('scripts.form.to')}
            style={{ width: 160 }}
          />
        </Form.Item>
      </Space>
    </Form.Item>
  );
}
