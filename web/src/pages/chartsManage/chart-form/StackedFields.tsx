import { Col, Form, Row, Select } from 'antd';
import { CHART_SPANS, MAX_STACKED_REGISTERS, type ChartSpan } from '@dms/contract';
import { useI18n } from '@/i18n';
import { registerName } from '@/features/devices/registers';
import { registerOption, type FieldsProps } from './fields';

/** A stacked chart's registers (2–8, stacked in their order) and the window it opens on. */
export function StackedFields({ draft, edit, registers, item, issueUnder }: FieldsProps) {
  const { t, lang } = useI18n();
  const s = draft.stacked;
  const issue = issueUnder('definition.registers');
  return (
    <Row gutter={16}>
      <Col xs={24} md={16}>
        <Form.Item
          label={t('chartsManage.form.registers')}
          extra={t('chartsManage.form.registersHelp')}
          required
          validateStatus={issue ? 'error' : undefined}
          help={issue}
        >
          <Select<number[]>
            mode="multiple"
            data-testid="stacked-registers"
            aria-label={t('chartsManage.form.registers')}
            placeholder={draft.typeId === null ? t('chartsManage.form.chooseTypeFirst') : t('chartsManage.form.registerPlaceholder')}
            disabled={draft.typeId === null}
            maxCount={MAX_STACKED_REGISTERS}
            value={s.registers}
            showSearch={{ optionFilterProp: 'label' }}
            options={registers.filter((r) => r.format === 'number').map((r) => registerOption(r, registerName(r, lang)))}
            onChange={(chosen) => {
              edit('definition.registers', (d) => ({ ...d, stacked: { ...d.stacked, registers: chosen } }));
            }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item {...item('definition.span', t('chartsManage.form.span'))}>
          <Select<ChartSpan>
            data-testid="stacked-span"
            aria-label={t('chartsManage.form.span')}
            value={s.span}
            options={CHART_SPANS.map((v) => ({ value: v, label: t(`chartViews.window.${v}`) }))}
            onChange={(span) => {
              edit('definition.span', (d) => ({ ...d, stacked: { ...d.stacked, span } }));
            }}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
