import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, InputNumber, Select, Space } from 'antd';
import {
  COMPARE_OP_SIGNS,
  COMPARE_OPS,
  LEAF_KINDS,
  MAX_CONDITION_PARTS,
  type CompareOp,
  type LeafKind,
  type RegisterDef,
} from '@dms/contract';
import { useMemo } from 'react';
import { useI18n } from '@/i18n';
import { blankLeaf, type ConditionDraft, type Join, type LeafDraft } from './draft';

/** A field's problem (the console's check or the server's refusal) at a body path, if any. */
export type IssueAt = (path: string) => string | undefined;

const JOINS: readonly Join[] = ['one', 'all', 'any'];
/** Bits a register without named bits offers. */
const ALL_BITS = Array.from({ length: 32 }, (_, bit) => bit);

export interface ConditionBuilderProps {
  /** Where the condition is in the body: `condition`, or `clear`. */
  prefix: 'condition' | 'clear';
  value: ConditionDraft;
  /** A change, and the body path of the field changed (its problem goes). */
  onChange: (next: ConditionDraft, path: string) => void;
  registers: readonly RegisterDef[];
  issueAt: IssueAt;
  /** The controls' data-testid prefix: `rule` (`rule-kind`, `rule-register`, …) or `rule-clear`. */
  testId: string;
  disabled?: boolean;
}

/**
 * A rule's condition as it is built: one condition, or all (AND) / any (OR) of 2 to 8; each a kind (compare, band,
 * bit, rate of change, offline) and that kind's fields, the registers those of the rule's type. A part's fields carry
 * their data-testid with the part's number after the first (`rule-value`, `rule-value-1`, …).
 */
export function ConditionBuilder({ prefix, value, onChange, registers, issueAt, testId, disabled }: ConditionBuilderProps) {
  const { t } = useI18n();
  const combined = value.join !== 'one';
  const parts = combined ? value.parts : value.parts.slice(0, 1);

  const setJoin = (join: Join) => {
    // A combination has at least two parts: blank ones are added; parts beyond the first are kept for a switch back.
    const next = [...value.parts];
    while (join !== 'one' && next.length < 2) next.push(blankLeaf());
    onChange({ join, parts: next }, prefix);
  };
  const setPart = (index: number, part: LeafDraft, field: string) => {
    const at = combined ? `${prefix}.conditions.${index}` : prefix;
    onChange({ ...value, parts: value.parts.map((p, i) => (i === index ? part : p)) }, `${at}.${field}`);
  };
  const removePart = (index: number) => {
    onChange({ ...value, parts: value.parts.filter((_, i) => i !== index) }, `${prefix}.conditions`);
  };
  const addPart = () => {
    onChange({ ...value, parts: [...value.parts, blankLeaf()] }, `${prefix}.conditions`);
  };
  const whole = issueAt(prefix) ?? issueAt(`${prefix}.conditions`);

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid={`${testId}-condition`}>
      <Form.Item label={t('events.form.join')} style={{ marginBottom: 0 }}>
        <Select<Join>
          data-testid={`${testId}-join`}
          aria-label={t('events.form.join')}
          style={{ width: 240, maxWidth: '100%' }}
          value={value.join}
          disabled={disabled}
          options={JOINS.map((j) => ({ value: j, label: t(`events.form.joins.${j}`) }))}
          onChange={setJoin}
        />
      </Form.Item>
      {whole && <Alert type="error" showIcon title={whole} data-testid={`${testId}-condition-error`} />}
      {parts.map((part, index) => {
        const at = combined ? `${prefix}.conditions.${index}` : prefix;
        const suffix = index === 0 ? '' : `-${index}`;
        const fields = (
          <LeafFields
            part={part}
            at={at}
            registers={registers}
            issueAt={issueAt}
            testId={testId}
            suffix={suffix}
            disabled={disabled}
            onChange={(next, field) => {
              setPart(index, next, field);
            }}
          />
        );
        if (!combined) return <div key={index}>{fields}</div>;
        return (
          <Card
            key={index}
            size="small"
            title={t('events.form.part', { n: index + 1 })}
            data-testid={`${testId}-part-${index}`}
            extra={
              <Button
                type="text"
                danger
                size="small"
                icon={<DeleteOutlined />}
                disabled={disabled || value.parts.length <= 2}
                aria-label={t('events.form.removePart', { n: index + 1 })}
                title={t('events.form.removePart', { n: index + 1 })}
                data-testid={`${testId}-remove-part-${index}`}
                onClick={() => {
                  removePart(index);
                }}
              />
            }
          >
            {fields}
          </Card>
        );
      })}
      {combined && (
        <Button
          icon={<PlusOutlined />}
          disabled={disabled || value.parts.length >= MAX_CONDITION_PARTS}
          data-testid={`${testId}-add-part`}
          onClick={addPart}
        >
          {t('events.form.addPart', { max: MAX_CONDITION_PARTS })}
        </Button>
      )}
    </Space>
  );
}

interface LeafFieldsProps {
  part: LeafDraft;
  /** The part's body path (`condition`, `condition.conditions.1`). */
  at: string;
  registers: readonly RegisterDef[];
  issueAt: IssueAt;
  testId: string;
  suffix: string;
  disabled: boolean | undefined;
  onChange: (next: LeafDraft, field: string) => void;
}

/** One condition's kind and its fields. */
function LeafFields({ part, at, registers, issueAt, testId, suffix, disabled, onChange }: LeafFieldsProps) {
  const { t, lang } = useI18n();
  const register = registers.find((r) => r.number === part.register);
  const unit = register?.unit ?? '';
  const registerOptions = useMemo(
    () =>
      registers.map((r) => ({
        value: r.number,
        label: `${r.number} · ${r.name[lang] || r.name.en}${r.unit ? ` (${r.unit})` : ''}`,
      })),
    [registers, lang],
  );
  // The register's named bits, else any of 32.
  const named = register?.bits ?? [];
  const bitOptions =
    named.length > 0
      ? named.map((b) => ({ value: b.bit, label: `${b.name[lang] || b.name.en} (${t('events.words.bitNumber', { bit: b.bit })})` }))
      : ALL_BITS.map((bit) => ({ value: bit, label: t('events.words.bitNumber', { bit }) }));

  /** A Form.Item's label and its problem, for the field at `${at}.${field}`. */
  const item = (field: string, label: string) => {
    const issue = issueAt(`${at}.${field}`);
    return { label, validateStatus: issue ? ('error' as const) : undefined, help: issue, style: { marginBottom: 8 } };
  };
  const set = <K extends keyof LeafDraft>(field: K, v: LeafDraft[K]) => {
    onChange({ ...part, [field]: v }, field);
  };
  const id = (name: string) => `${testId}-${name}${suffix}`;
  const numberField = (field: 'value' | 'low' | 'high' | 'amount' | 'windowS' | 'minutes', label: string, opts: { unit?: string } = {}) => (
    <Form.Item {...item(field, label)}>
      {/* No min or max: InputNumber would silently change what was typed; the contract's check names the problem. */}
      <InputNumber<number>
        data-testid={id(field === 'windowS' ? 'window' : field)}
        aria-label={label}
        style={{ width: 150 }}
        controls={false}
        disabled={disabled}
        value={part[field]}
        suffix={opts.unit || undefined}
        onChange={(v) => {
          set(field, typeof v === 'number' ? v : null);
        }}
      />
    </Form.Item>
  );

  return (
    <Flex wrap gap={12} align="flex-start">
      <Form.Item {...item('kind', t('events.form.kind'))}>
        <Select<LeafKind>
          data-testid={id('kind')}
          aria-label={t('events.form.kind')}
          style={{ width: 170 }}
          value={part.kind}
          disabled={disabled}
          options={LEAF_KINDS.map((k) => ({ value: k, label: t(`events.kind.${k}`) }))}
          onChange={(k) => {
            set('kind', k);
          }}
        />
      </Form.Item>
      {part.kind !== 'offline' && (
        <Form.Item {...item('register', t('events.form.register'))}>
          <Select<number>
            data-testid={id('register')}
            aria-label={t('events.form.register')}
            style={{ width: 280, maxWidth: '100%' }}
            placeholder={registers.length === 0 ? t('events.form.chooseTypeFirst') : t('events.form.registerPlaceholder')}
            value={part.register ?? undefined}
            disabled={disabled || registers.length === 0}
            showSearch={{ optionFilterProp: 'label' }}
            options={registerOptions}
            onChange={(n) => {
              set('register', n);
            }}
          />
        </Form.Item>
      )}
      {part.kind === 'compare' && (
        <>
          <Form.Item {...item('op', t('events.form.op'))}>
            <Select<CompareOp>
              data-testid={id('op')}
              aria-label={t('events.form.op')}
              style={{ width: 80 }}
              value={part.op}
              disabled={disabled}
              options={COMPARE_OPS.map((op) => ({ value: op, label: COMPARE_OP_SIGNS[op] }))}
              onChange={(op) => {
                set('op', op);
              }}
            />
          </Form.Item>
          {numberField('value', t('events.form.value'), { unit })}
        </>
      )}
      {part.kind === 'band' && (
        <>
          <Form.Item {...item('inside', t('events.form.band'))}>
            <Select<'inside' | 'outside'>
              data-testid={id('inside')}
              aria-label={t('events.form.band')}
              style={{ width: 170 }}
              value={part.inside ? 'inside' : 'outside'}
              disabled={disabled}
              options={[
                { value: 'inside', label: t('events.form.inside') },
                { value: 'outside', label: t('events.form.outside') },
              ]}
              onChange={(v) => {
                set('inside', v === 'inside');
              }}
            />
          </Form.Item>
          {numberField('low', t('events.form.low'), { unit })}
          {numberField('high', t('events.form.high'), { unit })}
        </>
      )}
      {part.kind === 'bit' && (
        <>
          <Form.Item {...item('bit', t('events.form.bit'))}>
            <Select<number>
              data-testid={id('bit')}
              aria-label={t('events.form.bit')}
              style={{ width: 240, maxWidth: '100%' }}
              value={part.bit ?? undefined}
              disabled={disabled}
              showSearch={{ optionFilterProp: 'label' }}
              options={bitOptions}
              onChange={(b) => {
                set('bit', b);
              }}
            />
          </Form.Item>
          <Form.Item {...item('set', t('events.form.bitState'))}>
            <Select<'set' | 'clear'>
              data-testid={id('bit-set')}
              aria-label={t('events.form.bitState')}
              style={{ width: 130 }}
              value={part.set ? 'set' : 'clear'}
              disabled={disabled}
              options={[
                { value: 'set', label: t('events.form.bitSet') },
                { value: 'clear', label: t('events.form.bitClear') },
              ]}
              onChange={(v) => {
                set('set', v === 'set');
              }}
            />
          </Form.Item>
        </>
      )}
      {part.kind === 'rate' && (
        <>
          <Form.Item {...item('direction', t('events.form.direction'))}>
            <Select<'rise' | 'fall'>
              data-testid={id('direction')}
              aria-label={t('events.form.direction')}
              style={{ width: 130 }}
              value={part.direction}
              disabled={disabled}
              options={[
                { value: 'rise', label: t('events.form.rise') },
                { value: 'fall', label: t('events.form.fall') },
              ]}
              onChange={(v) => {
                set('direction', v);
              }}
            />
          </Form.Item>
          {numberField('amount', t('events.form.amount'), { unit })}
          {numberField('windowS', t('events.form.window'), { unit: t('events.form.secondsUnit') })}
        </>
      )}
      {part.kind === 'offline' && numberField('minutes', t('events.form.minutes'), { unit: t('events.form.minutesUnit') })}
    </Flex>
  );
}
