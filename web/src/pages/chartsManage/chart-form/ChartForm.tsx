import { Alert, App, Button, Col, Form, Input, Row, Select, Space, Typography } from 'antd';
import { api, Code, type ChartDefinitionKind, type ChartDetail, type ChartInput, type RegisterDef } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { call } from '@/api/call';
import { isApiError } from '@/api/client';
import { issuesOf } from '@/components/forms/issues';
import { useFieldIssues } from '@/components/forms/useFieldIssues';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n, type TKey, type Translate } from '@/i18n';
import { useCloseTab } from '@/layout/tags-view/useCloseTab';
import { ChartPreview } from '../ChartPreview';
import { CHART_LIST_PATH } from '../paths';
import { CHART_READS, chartQueries } from '../queries';
import { checkDraft, definitionOf, type ChartDraft } from './draft';
import { GaugeFields } from './GaugeFields';
import { StackedFields } from './StackedFields';
import { StopStatusFields } from './StopStatusFields';

const NO_REGISTERS: RegisterDef[] = [];

const LABEL: Record<string, TKey> = {
  name: 'chartsManage.form.name',
  typeId: 'chartsManage.form.type',
  register: 'chartsManage.form.register',
  registers: 'chartsManage.form.registers',
  min: 'chartsManage.form.min',
  max: 'chartsManage.form.max',
  unit: 'chartsManage.form.unit',
  to: 'chartsManage.form.bandTo',
  value: 'chartsManage.form.value',
  low: 'chartsManage.form.low',
  high: 'chartsManage.form.high',
  bit: 'chartsManage.form.bit',
  gapS: 'chartsManage.form.gap',
  working: 'chartsManage.form.working',
  otherwise: 'chartsManage.form.otherwise',
};
/** The label of the field at a body path, for the messages that name it. */
function labelOf(t: Translate, path: string): string {
  const last = path.split('.').at(-1) ?? '';
  return t(LABEL[last] ?? 'chartsManage.form.sections.chart');
}

const SECTION: Record<ChartDefinitionKind, TKey> = {
  gauge: 'chartsManage.form.sections.gauge',
  stacked: 'chartsManage.form.sections.stacked',
  'stop-status': 'chartsManage.form.sections.stopStatus',
};

export interface ChartFormProps {
  /** The chart edited, or null for a new one. */
  chart: ChartDetail | null;
  initial: ChartDraft;
}

/**
 * A chart's form: its name and type, then its kind's fields; checked with the contract's schema as it is typed once a
 * save was tried, the problems (and the server's refusals) at their fields, nothing typed lost. Beside it, the chart
 * drawn live on a device of its type as soon as it is complete. Saved, it goes back to its kind's list.
 */
export function ChartForm({ chart, initial }: ChartFormProps) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const closeAndGo = useCloseTab();
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(false);
  const types = useQuery(chartQueries.types());
  const typeMap = useQuery({ ...chartQueries.typeRegisters(draft.typeId ?? 1), enabled: draft.typeId !== null });
  const registers = draft.typeId !== null && typeMap.data?.id === draft.typeId ? typeMap.data.registers : NO_REGISTERS;

  const checked = useMemo(() => (tried ? checkDraft(draft) : null), [tried, draft]);
  const { issueUnder, showServer, edited, item } = useFieldIssues(checked && !checked.ok ? checked.problems : null, (path) =>
    labelOf(t, path),
  );
  const preview = useMemo(() => definitionOf(draft), [draft]);
  const locked = chart !== null && chart.usedBy.length > 0;

  const { busy, error, run, clearError } = useSubmit(
    async (body: ChartInput) => {
      try {
        const saved =
          chart === null
            ? await call(api.charts.create, { body }, { errorDisplay: 'none' })
            : await call(api.charts.update, { params: { id: chart.id }, body }, { errorDisplay: 'none' });
        void message.success(t(chart === null ? 'chartsManage.form.created' : 'chartsManage.form.saved', { name: saved.name }));
        closeAndGo(CHART_LIST_PATH[draft.kind]);
      } catch (e) {
        if (isApiError(e) && e.code === Code.VALIDATION_FAILED) {
          const parsed = issuesOf.safeParse(e.data);
          showServer(parsed.success ? parsed.data.issues : []);
        }
        throw e;
      }
    },
    { invalidates: CHART_READS },
  );

  const edit = (path: string, change: (d: ChartDraft) => ChartDraft) => {
    setDraft(change);
    edited(path);
    clearError();
  };
  const save = () => {
    setTried(true);
    const result = checkDraft(draft);
    if (result.ok) void run(result.body);
  };
  const fields = { draft, edit, registers, item, issueUnder };
  const problems = checked !== null && !checked.ok;

  return (
    <Row gutter={24}>
      <Col xs={24} xl={14}>
        <Form layout="vertical" data-testid="chart-form" component="div">
          <Typography.Title level={5}>{t('chartsManage.form.sections.chart')}</Typography.Title>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item {...item('name', t('chartsManage.form.name'))} required>
                <Input
                  data-testid="chart-name"
                  maxLength={64}
                  autoComplete="off"
                  value={draft.name}
                  onChange={(e) => {
                    const name = e.target.value;
                    edit('name', (d) => ({ ...d, name }));
                  }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                {...item('typeId', t('chartsManage.form.type'))}
                required
                extra={
                  locked ? t('chartsManage.form.typeLocked', { types: chart.usedBy.map((u) => u.typeName[lang]).join(', ') }) : undefined
                }
              >
                <Select<number>
                  data-testid="chart-type"
                  aria-label={t('chartsManage.form.type')}
                  placeholder={t('chartsManage.form.typePlaceholder')}
                  loading={types.isPending}
                  disabled={locked}
                  value={draft.typeId ?? undefined}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={(types.data ?? []).map((ty) => ({ value: ty.id, label: `${ty.name[lang]} (${ty.code})` }))}
                  onChange={(typeId) => {
                    // Registers are the type's: another type's are dropped.
                    edit('typeId', (d) =>
                      d.typeId === typeId
                        ? d
                        : {
                            ...d,
                            typeId,
                            gauge: { ...d.gauge, register: null },
                            stacked: { ...d.stacked, registers: [] },
                            stopStatus: { ...d.stopStatus, states: d.stopStatus.states.map((s) => ({ ...s, register: null })) },
                          },
                    );
                  }}
                />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Title level={5}>{t(SECTION[draft.kind])}</Typography.Title>
          {draft.kind === 'gauge' && <GaugeFields {...fields} />}
          {draft.kind === 'stacked' && <StackedFields {...fields} />}
          {draft.kind === 'stop-status' && <StopStatusFields {...fields} />}
        </Form>
        {(error || problems) && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="chart-form-error"
            title={error ?? t('chartsManage.form.problems')}
          />
        )}
        <Space>
          <Button type="primary" loading={busy} data-testid="chart-save" onClick={save}>
            {t('chartsManage.form.save')}
          </Button>
          <Button
            data-testid="chart-cancel"
            onClick={() => {
              closeAndGo(CHART_LIST_PATH[draft.kind]);
            }}
          >
            {t('chartsManage.form.cancel')}
          </Button>
        </Space>
      </Col>
      <Col xs={24} xl={10}>
        <Typography.Title level={5}>{t('chartsManage.form.sections.preview')}</Typography.Title>
        <ChartPreview
          chartId={chart?.id ?? null}
          definition={preview}
          typeId={draft.typeId}
          changed={chart !== null && JSON.stringify(preview) !== JSON.stringify(chart.definition)}
          testId="chart-form-preview"
        />
      </Col>
    </Row>
  );
}
