import { Alert, App, Button, Col, Form, Input, InputNumber, Row, Select, Space, Switch, Tag, Typography } from 'antd';
import {
  api,
  Code,
  EVENT_TEXT_PLACEHOLDERS,
  LANGUAGE_NAMES,
  LANGUAGES,
  SEVERITIES,
  type RegisterDef,
  type RuleInput,
  type Severity,
} from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { call } from '@/api/call';
import { isApiError } from '@/api/client';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n } from '@/i18n';
import { useCloseTab } from '@/layout/tags-view/useCloseTab';
import { EVENTS_LIST_PATH } from '../paths';
import { eventQueries, RULE_READS } from '../queries';
import { SEVERITY_COLOR } from '@/features/events/SeverityTag';
import { clearWords, ruleWords } from '../words';
import { ConditionBuilder } from './ConditionBuilder';
import { DevicesSelect } from '@/features/devices/TypeDeviceSelect';
import { checkDraft, previewCondition, type ConditionDraft, type RuleDraft } from './draft';
import { ReplayPanel } from './ReplayPanel';
import { CkSelect } from './CkSelect';
import { FIELDS, labelOf } from './issues';
import { issuesOf } from '@/components/forms/issues';
import { useFieldIssues } from '@/components/forms/useFieldIssues';

const NO_REGISTERS: RegisterDef[] = [];
export interface RuleFormProps {
  /** The rule edited (its next version is saved), or null for a new rule. */
  ruleId: number | null;
  /** Its version now (null: new). */
  version: number | null;
  initial: RuleDraft;
}

/**
 * The rule form: its name, type, devices and CK codes; its condition built part by part and in words as it is built;
 * how it ends (a clear condition of its own, or the hysteresis); how long it must hold and how long its end; severity;
 * its text in four languages; on or off. Checked with the contract's schema before it is sent, the problems shown at
 * their fields (the server's refusals too, by the paths it names); nothing typed is lost. Saved, it goes back to the
 * list. Test against history runs the rule as built without saving it.
 */
export function RuleForm({ ruleId, version, initial }: RuleFormProps) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const closeAndGo = useCloseTab();
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(false);
  const [claimed, setClaimed] = useState(false);
  const types = useQuery(eventQueries.types());
  const typeMap = useQuery({ ...eventQueries.typeRegisters(draft.typeId ?? 1), enabled: draft.typeId !== null });
  const registers = draft.typeId !== null && typeMap.data?.id === draft.typeId ? typeMap.data.registers : NO_REGISTERS;

  // Once a save or a test was asked for, the problems follow what is typed.
  const checked = useMemo(() => (tried ? checkDraft(draft) : null), [tried, draft]);
  const { issueAt, issueUnder, showServer, edited, item } = useFieldIssues(checked && !checked.ok ? checked.problems : null, (path) =>
    labelOf(t, path),
  );
  /** Shows the server's refusal of fields at them; answers whether it named any field the form shows. */
  const showIssues = (issues: ReadonlyArray<{ path: string; message: string }>): boolean => showServer(issues, FIELDS);

  const { busy, error, run, clearError } = useSubmit(
    async (body: RuleInput) => {
      try {
        const saved =
          ruleId === null
            ? await call(api.events.createRule, { body }, { errorDisplay: 'none' })
            : await call(api.events.updateRule, { params: { id: ruleId }, body }, { errorDisplay: 'none' });
        void message.success(
          ruleId === null
            ? t('events.form.created', { name: saved.name })
            : t('events.form.saved', { name: saved.name, version: saved.version }),
        );
        closeAndGo(EVENTS_LIST_PATH);
      } catch (e) {
        if (isApiError(e) && e.code === Code.VALIDATION_FAILED) {
          const parsed = issuesOf.safeParse(e.data);
          setClaimed(showIssues(parsed.success ? parsed.data.issues : []));
        } else setClaimed(false);
        throw e;
      }
    },
    { invalidates: RULE_READS },
  );

  /** A change of the draft; the problem of the field changed goes (the server's), and the refusal above the buttons. */
  const edit = (path: string, change: (d: RuleDraft) => RuleDraft) => {
    setDraft(change);
    edited(path);
    clearError();
  };

  /** Checks the draft (its problems now shown) and answers the body, or null. */
  const check = (): RuleInput | null => {
    setTried(true);
    const result = checkDraft(draft);
    return result.ok ? result.body : null;
  };

  const save = () => {
    const body = check();
    if (body) void run(body);
  };

  const setCondition = (which: 'condition' | 'clear') => (next: ConditionDraft, path: string) => {
    edit(path, (d) => ({ ...d, [which]: next }));
  };
  const numberInput = (field: 'durationS' | 'debounceS' | 'hysteresis', testId: string, label: string, unit: string) => (
    <InputNumber<number>
      data-testid={testId}
      aria-label={label}
      controls={false}
      style={{ width: 180 }}
      suffix={unit || undefined}
      value={draft[field]}
      onChange={(v) => {
        edit(field, (d) => ({ ...d, [field]: typeof v === 'number' ? v : null }));
      }}
    />
  );

  const words = { t, lang, registers };
  const preview = previewCondition(draft.condition);
  const startsWords = ruleWords({ condition: preview, durationS: draft.durationS ?? 0 }, words);
  const endsWords = clearWords(
    {
      condition: preview,
      clear: draft.clearOn ? previewCondition(draft.clear) : undefined,
      hysteresis: draft.hysteresis ?? 0,
      debounceS: draft.debounceS ?? 0,
    },
    words,
  );
  const problems = checked !== null && !checked.ok;
  const placeholders = EVENT_TEXT_PLACEHOLDERS.map((p) => `{${p}}`).join(' ');

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Form layout="vertical" data-testid="rule-form" component="div">
        {version !== null && (
          <Typography.Paragraph type="secondary" data-testid="rule-version">
            <Tag>{`v${version}`}</Tag>
            {t('events.form.editHelp', { next: version + 1 })}
          </Typography.Paragraph>
        )}
        <Typography.Title level={5}>{t('events.form.sections.rule')}</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item {...item('name', t('events.form.name'))} required>
              <Input
                data-testid="rule-name"
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
            <Form.Item {...item('typeId', t('events.form.type'))} required>
              <Select<number>
                data-testid="rule-type"
                aria-label={t('events.form.type')}
                placeholder={t('events.form.typePlaceholder')}
                loading={types.isPending}
                value={draft.typeId ?? undefined}
                showSearch={{ optionFilterProp: 'label' }}
                options={(types.data ?? []).map((ty) => ({ value: ty.id, label: `${ty.name[lang]} (${ty.code})` }))}
                onChange={(typeId) => {
                  // Registers and devices are the type's: another type's are dropped.
                  const clearRegisters = (c: ConditionDraft): ConditionDraft => ({
                    ...c,
                    parts: c.parts.map((p) => ({ ...p, register: null })),
                  });
                  edit('typeId', (d) =>
                    d.typeId === typeId
                      ? d
                      : { ...d, typeId, deviceIds: [], condition: clearRegisters(d.condition), clear: clearRegisters(d.clear) },
                  );
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item {...item('severity', t('events.form.severity'))} required>
              <Select<Severity>
                data-testid="rule-severity"
                aria-label={t('events.form.severity')}
                value={draft.severity}
                options={SEVERITIES.map((s) => ({ value: s, label: <Tag color={SEVERITY_COLOR[s]}>{t(`events.severity.${s}`)}</Tag> }))}
                onChange={(severity) => {
                  edit('severity', (d) => ({ ...d, severity }));
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item {...item('enabled', t('events.form.enabled'))} extra={t('events.form.enabledHelp')}>
              <Switch
                data-testid="rule-enabled"
                aria-label={t('events.form.enabled')}
                checked={draft.enabled}
                onChange={(enabled) => {
                  edit('enabled', (d) => ({ ...d, enabled }));
                }}
              />
            </Form.Item>
          </Col>
        </Row>

        <Typography.Title level={5}>{t('events.form.sections.targets')}</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item {...item('deviceIds', t('events.form.devices'), issueUnder('deviceIds'))} extra={t('events.form.devicesHelp')}>
              <DevicesSelect
                typeId={draft.typeId}
                value={draft.deviceIds}
                onChange={(deviceIds) => {
                  edit('deviceIds', (d) => ({ ...d, deviceIds }));
                }}
                placeholder={draft.typeId === null ? t('events.form.chooseTypeFirst') : t('events.form.devicesPlaceholder')}
                data-testid="rule-devices"
                aria-label={t('events.form.devices')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item {...item('cks', t('events.form.cks'), issueUnder('cks'))} extra={t('events.form.cksHelp')}>
              <CkSelect
                value={draft.cks}
                onChange={(cks) => {
                  edit('cks', (d) => ({ ...d, cks }));
                }}
              />
            </Form.Item>
          </Col>
        </Row>

        <Typography.Title level={5}>{t('events.form.sections.condition')}</Typography.Title>
        <ConditionBuilder
          prefix="condition"
          value={draft.condition}
          onChange={setCondition('condition')}
          registers={registers}
          issueAt={issueAt}
          testId="rule"
        />
        <Form.Item {...item('durationS', t('events.form.duration'))} extra={t('events.form.durationHelp')} style={{ marginTop: 8 }}>
          {numberInput('durationS', 'rule-duration', t('events.form.duration'), t('events.form.secondsUnit'))}
        </Form.Item>

        <Typography.Title level={5}>{t('events.form.sections.end')}</Typography.Title>
        <Form.Item label={t('events.form.clearOn')} extra={t('events.form.clearOnHelp')}>
          <Switch
            data-testid="rule-clear-on"
            aria-label={t('events.form.clearOn')}
            checked={draft.clearOn}
            onChange={(clearOn) => {
              edit('clear', (d) => ({ ...d, clearOn }));
            }}
          />
        </Form.Item>
        {draft.clearOn ? (
          <ConditionBuilder
            prefix="clear"
            value={draft.clear}
            onChange={setCondition('clear')}
            registers={registers}
            issueAt={issueAt}
            testId="rule-clear"
          />
        ) : (
          <Form.Item {...item('hysteresis', t('events.form.hysteresis'))} extra={t('events.form.hysteresisHelp')}>
            {numberInput('hysteresis', 'rule-hysteresis', t('events.form.hysteresis'), '')}
          </Form.Item>
        )}
        <Form.Item {...item('debounceS', t('events.form.debounce'))} extra={t('events.form.debounceHelp')} style={{ marginTop: 8 }}>
          {numberInput('debounceS', 'rule-debounce', t('events.form.debounce'), t('events.form.secondsUnit'))}
        </Form.Item>

        <Typography.Title level={5}>{t('events.form.sections.text')}</Typography.Title>
        <Typography.Paragraph type="secondary" data-testid="rule-text-hint">
          {t('events.form.placeholders', { list: placeholders })}
        </Typography.Paragraph>
        <Row gutter={16}>
          {LANGUAGES.map((l) => (
            <Col key={l} xs={24} md={12}>
              <Form.Item {...item(`text.${l}`, t('events.form.textIn', { language: LANGUAGE_NAMES[l] }))} required>
                <Input.TextArea
                  data-testid={`rule-text-${l}`}
                  maxLength={500}
                  autoSize={{ minRows: 1, maxRows: 4 }}
                  value={draft.text[l]}
                  onChange={(e) => {
                    const text = e.target.value;
                    edit(`text.${l}`, (d) => ({ ...d, text: { ...d.text, [l]: text } }));
                  }}
                />
              </Form.Item>
            </Col>
          ))}
        </Row>

        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <>
              {t('events.form.startsWhen')} <span data-testid="rule-words">{startsWords}</span>
            </>
          }
          description={<span data-testid="rule-clear-words">{endsWords}</span>}
        />
        {problems && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t('events.form.problems')}
            data-testid="rule-problems"
            style={{ marginBottom: 12 }}
          />
        )}
        {error && !claimed && (
          <Alert type="error" showIcon role="alert" title={error} data-testid="rule-error" style={{ marginBottom: 12 }} />
        )}
        <Space wrap>
          <Button type="primary" loading={busy} data-testid="rule-save" onClick={save}>
            {ruleId === null ? t('events.form.create') : t('events.form.save')}
          </Button>
          <Button
            data-testid="rule-cancel"
            onClick={() => {
              closeAndGo(EVENTS_LIST_PATH);
            }}
          >
            {t('events.form.backToList')}
          </Button>
        </Space>
      </Form>
      <ReplayPanel typeId={draft.typeId} registers={registers} check={check} onRuleIssues={showIssues} />
    </Space>
  );
}
