import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, InputNumber, Row, Select, Space, Tag } from 'antd';
import { GAUGE_LEVELS, MAX_GAUGE_BANDS } from '@dms/contract';
import { useI18n } from '@/i18n';
import { registerName } from '@/features/devices/registers';
import { LEVEL_COLOR } from '@/features/charts/gauge-option';
import type { ChartDraft } from './draft';
import { registerOption, type FieldsProps } from './fields';

/** A gauge's register, range, unit and coloured bands (from the minimum up, the last ending at the maximum). */
export function GaugeFields({ draft, edit, registers, item, issueUnder }: FieldsProps) {
  const { t, lang } = useI18n();
  const g = draft.gauge;
  const set = (path: string, change: (gauge: ChartDraft['gauge']) => ChartDraft['gauge']) => {
    edit(`definition.${path}`, (d) => ({ ...d, gauge: change(d.gauge) }));
  };
  const unitOf = registers.find((r) => r.number === g.register)?.unit ?? '';
  const number = (field: 'min' | 'max', label: string) => (
    <Form.Item {...item(`definition.${field}`, label)} required>
      <InputNumber<number>
        data-testid={`gauge-${field}`}
        aria-label={label}
        controls={false}
        style={{ width: '100%' }}
        value={g[field]}
        onChange={(v) => {
          set(field, (x) => ({ ...x, [field]: typeof v === 'number' ? v : null }));
        }}
      />
    </Form.Item>
  );
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item {...item('definition.register', t('chartsManage.form.register'))} required>
            <Select<number>
              data-testid="gauge-register"
              aria-label={t('chartsManage.form.register')}
              placeholder={draft.typeId === null ? t('chartsManage.form.chooseTypeFirst') : t('chartsManage.form.registerPlaceholder')}
              disabled={draft.typeId === null}
              value={g.register ?? undefined}
              showSearch={{ optionFilterProp: 'label' }}
              options={registers.filter((r) => r.format === 'number').map((r) => registerOption(r, registerName(r, lang)))}
              onChange={(register) => {
                set('register', (x) => ({ ...x, register }));
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          {number('min', t('chartsManage.form.min'))}
        </Col>
        <Col xs={12} md={4}>
          {number('max', t('chartsManage.form.max'))}
        </Col>
        <Col xs={24} md={4}>
          <Form.Item
            {...item('definition.unit', t('chartsManage.form.unit'))}
            extra={t('chartsManage.form.unitHelp', { unit: unitOf || '—' })}
          >
            <Input
              data-testid="gauge-unit"
              maxLength={16}
              placeholder={unitOf}
              value={g.unit}
              onChange={(e) => {
                const unit = e.target.value;
                set('unit', (x) => ({ ...x, unit }));
              }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label={t('chartsManage.form.bands')}
        extra={t('chartsManage.form.bandsHelp')}
        validateStatus={issueUnder('definition.bands') ? 'error' : undefined}
        help={issueUnder('definition.bands')}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          {g.bands.map((b, i) => (
            <Space key={i} wrap>
              <InputNumber<number>
                data-testid={`gauge-band-to-${i}`}
                aria-label={`${t('chartsManage.form.bandTo')} ${i + 1}`}
                controls={false}
                prefix={t('chartsManage.form.bandTo')}
                style={{ width: 180 }}
                value={b.to}
                onChange={(v) => {
                  set(`bands.${i}.to`, (x) => ({
                    ...x,
                    bands: x.bands.map((y, j) => (j === i ? { ...y, to: typeof v === 'number' ? v : null } : y)),
                  }));
                }}
              />
              <Select
                data-testid={`gauge-band-level-${i}`}
                aria-label={`${t('chartsManage.form.level')} ${i + 1}`}
                style={{ width: 140 }}
                value={b.level}
                options={GAUGE_LEVELS.map((l) => ({ value: l, label: <Tag color={LEVEL_COLOR[l]}>{t(`chartViews.level.${l}`)}</Tag> }))}
                onChange={(level) => {
                  set(`bands.${i}.level`, (x) => ({ ...x, bands: x.bands.map((y, j) => (j === i ? { ...y, level } : y)) }));
                }}
              />
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('chartsManage.form.removeBand')}
                data-testid={`gauge-band-remove-${i}`}
                disabled={g.bands.length <= 1}
                onClick={() => {
                  set('bands', (x) => ({ ...x, bands: x.bands.filter((_, j) => j !== i) }));
                }}
              />
            </Space>
          ))}
          <Button
            icon={<PlusOutlined />}
            data-testid="gauge-band-add"
            disabled={g.bands.length >= MAX_GAUGE_BANDS}
            onClick={() => {
              set('bands', (x) => ({ ...x, bands: [...x.bands, { to: null, level: 'fault' }] }));
            }}
          >
            {t('chartsManage.form.addBand')}
          </Button>
        </Space>
      </Form.Item>
    </>
  );
}
