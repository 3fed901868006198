import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, InputNumber, Row, Select, Space, Tag } from 'antd';
import { COMPARE_OP_SIGNS, COMPARE_OPS, RUN_STATES, type CompareOp, type RunState, type StateCondition } from '@dms/contract';
import { useI18n } from '@/i18n';
import { registerName } from '@/features/devices/registers';
import { STATE_COLOR } from '@/features/charts/stop-status-view';
import { newState, type StateDraft } from './draft';
import { registerOption, type FieldsProps } from './fields';

const MAX_STATES = 8;

/**
 * A stop-status chart's states, tried in order (each a register compared with a value, in or out of a band, or a bit
 * set or cleared), the state when none holds, the states counted as utilisation, and the silence that is offline.
 */
export function StopStatusFields({ draft, edit, registers, item, issueUnder }: FieldsProps) {
  const { t, lang } = useI18n();
  const s = draft.stopStatus;
  const stateOptions = RUN_STATES.map((v) => ({ value: v, label: <Tag color={STATE_COLOR[v]}>{t(`chartViews.state.${v}`)}</Tag> }));
  const setState = (i: number, path: string, change: (x: StateDraft) => StateDraft) => {
    edit(`definition.states.${i}.${path}`, (d) => ({
      ...d,
      stopStatus: { ...d.stopStatus, states: d.stopStatus.states.map((x, j) => (j === i ? change(x) : x)) },
    }));
  };
  const numberAt = (i: number, field: 'value' | 'low' | 'high' | 'bit', label: string, width = 120) => {
    const at = `definition.states.${i}.when.${field}`;
    const issue = issueUnder(at);
    return (
      <Form.Item validateStatus={issue ? 'error' : undefined} help={issue} style={{ marginBottom: 0 }}>
        <InputNumber<number>
          data-testid={`stop-${field}-${i}`}
          aria-label={label}
          placeholder={label}
          controls={false}
          style={{ width }}
          value={s.states[i]?.[field] ?? null}
          onChange={(v) => {
            setState(i, `when.${field}`, (x) => ({ ...x, [field]: typeof v === 'number' ? v : null }));
          }}
        />
      </Form.Item>
    );
  };
  return (
    <>
      <Form.Item {...item('definition.states', t('chartsManage.form.states'))} extra={t('chartsManage.form.statesHelp')} required>
        <Space orientation="vertical" style={{ width: '100%' }}>
          {s.states.map((st, i) => {
            const registerIssue = issueUnder(`definition.states.${i}.when.register`);
            return (
              <Card key={i} size="small" data-testid={`stop-state-row-${i}`}>
                <Space wrap align="start">
                  <Select<RunState>
                    data-testid={`stop-state-${i}`}
                    aria-label={t('chartsManage.form.state')}
                    style={{ width: 140 }}
                    value={st.state}
                    options={stateOptions}
                    onChange={(state) => {
                      setState(i, 'state', (x) => ({ ...x, state }));
                    }}
                  />
                  <span className="dms-form-word">{t('chartsManage.form.when')}</span>
                  <Form.Item validateStatus={registerIssue ? 'error' : undefined} help={registerIssue} style={{ marginBottom: 0 }}>
                    <Select<number>
                      data-testid={`stop-register-${i}`}
                      aria-label={t('chartsManage.form.register')}
                      style={{ width: 260 }}
                      placeholder={
                        draft.typeId === null ? t('chartsManage.form.chooseTypeFirst') : t('chartsManage.form.registerPlaceholder')
                      }
                      disabled={draft.typeId === null}
                      value={st.register ?? undefined}
                      showSearch={{ optionFilterProp: 'label' }}
                      options={registers.map((r) => registerOption(r, registerName(r, lang)))}
                      onChange={(register) => {
                        setState(i, 'when.register', (x) => ({ ...x, register }));
                      }}
                    />
                  </Form.Item>
                  <Select<StateCondition['kind']>
                    data-testid={`stop-kind-${i}`}
                    aria-label={t('chartsManage.form.when')}
                    style={{ width: 150 }}
                    value={st.kind}
                    options={(['compare', 'band', 'bit'] as const).map((k) => ({ value: k, label: t(`chartsManage.form.condition.${k}`) }))}
                    onChange={(kind) => {
                      setState(i, 'when', (x) => ({ ...x, kind }));
                    }}
                  />
                  {st.kind === 'compare' && (
                    <>
                      <Select<CompareOp>
                        data-testid={`stop-op-${i}`}
                        aria-label={t('chartsManage.form.condition.compare')}
                        style={{ width: 70 }}
                        value={st.op}
                        options={COMPARE_OPS.map((op) => ({ value: op, label: COMPARE_OP_SIGNS[op] }))}
                        onChange={(op) => {
                          setState(i, 'when.op', (x) => ({ ...x, op }));
                        }}
                      />
                      {numberAt(i, 'value', t('chartsManage.form.value'))}
                    </>
                  )}
                  {st.kind === 'band' && (
                    <>
                      <Select<'inside' | 'outside'>
                        data-testid={`stop-inside-${i}`}
                        aria-label={t('chartsManage.form.condition.band')}
                        style={{ width: 100 }}
                        value={st.inside ? 'inside' : 'outside'}
                        options={[
                          { value: 'inside', label: t('chartsManage.form.inside') },
                          { value: 'outside', label: t('chartsManage.form.outside') },
                        ]}
                        onChange={(v) => {
                          setState(i, 'when.inside', (x) => ({ ...x, inside: v === 'inside' }));
                        }}
                      />
                      {numberAt(i, 'low', t('chartsManage.form.low'), 100)}
                      {numberAt(i, 'high', t('chartsManage.form.high'), 100)}
                    </>
                  )}
                  {st.kind === 'bit' && (
                    <>
                      {numberAt(i, 'bit', t('chartsManage.form.bit'), 80)}
                      <Select<'set' | 'clear'>
                        data-testid={`stop-set-${i}`}
                        aria-label={t('chartsManage.form.bit')}
                        style={{ width: 100 }}
                        value={st.set ? 'set' : 'clear'}
                        options={[
                          { value: 'set', label: t('chartsManage.form.set') },
                          { value: 'clear', label: t('chartsManage.form.clear') },
                        ]}
                        onChange={(v) => {
                          setState(i, 'when.set', (x) => ({ ...x, set: v === 'set' }));
                        }}
                      />
                    </>
                  )}
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('chartsManage.form.removeState')}
                    data-testid={`stop-remove-${i}`}
                    disabled={s.states.length <= 1}
                    onClick={() => {
                      edit('definition.states', (d) => ({
                        ...d,
                        stopStatus: { ...d.stopStatus, states: d.stopStatus.states.filter((_, j) => j !== i) },
                      }));
                    }}
                  />
                </Space>
              </Card>
            );
          })}
          <Button
            icon={<PlusOutlined />}
            data-testid="stop-add"
            disabled={s.states.length >= MAX_STATES}
            onClick={() => {
              const used = new Set(s.states.map((x) => x.state));
              const next = RUN_STATES.find((v) => !used.has(v)) ?? 'running';
              edit('definition.states', (d) => ({
                ...d,
                stopStatus: { ...d.stopStatus, states: [...d.stopStatus.states, newState(next)] },
              }));
            }}
          >
            {t('chartsManage.form.addState')}
          </Button>
        </Space>
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item {...item('definition.otherwise', t('chartsManage.form.otherwise'))}>
            <Select<RunState>
              data-testid="stop-otherwise"
              aria-label={t('chartsManage.form.otherwise')}
              value={s.otherwise}
              options={stateOptions}
              onChange={(otherwise) => {
                edit('definition.otherwise', (d) => ({ ...d, stopStatus: { ...d.stopStatus, otherwise } }));
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item {...item('definition.working', t('chartsManage.form.working'))} required>
            <Select<RunState[]>
              mode="multiple"
              data-testid="stop-working"
              aria-label={t('chartsManage.form.working')}
              value={s.working}
              options={stateOptions}
              onChange={(working) => {
                edit('definition.working', (d) => ({ ...d, stopStatus: { ...d.stopStatus, working } }));
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item {...item('definition.gapS', t('chartsManage.form.gap'))} extra={t('chartsManage.form.gapHelp')} required>
            <InputNumber<number>
              data-testid="stop-gap"
              aria-label={t('chartsManage.form.gap')}
              controls={false}
              suffix={t('chartsManage.form.seconds')}
              style={{ width: '100%' }}
              value={s.gapS}
              onChange={(v) => {
                edit('definition.gapS', (d) => ({ ...d, stopStatus: { ...d.stopStatus, gapS: typeof v === 'number' ? v : null } }));
              }}
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
