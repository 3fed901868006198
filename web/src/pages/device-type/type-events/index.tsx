import { Alert, Button, Card, Empty, Flex, Input, InputNumber, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  api,
  LANGUAGE_NAMES,
  LANGUAGES,
  message as serverMessage,
  registerMapProblems,
  SEVERITIES,
  wordCount,
  type ControllerTypeSummary,
  type RegisterBit,
  type RegisterDef,
  type Severity,
  type TypeEditView,
} from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { endpointQuery } from '@/api/call';
import { useI18n } from '@/i18n';
import { typeEditPath } from '@/pages/device-type/paths';
import { ProblemList } from '@/components/forms/ProblemList';
import { useSaveMap } from '../type-config/useSaveMap';

const NO_TYPES: ControllerTypeSummary[] = [];
const SEVERITY_COLOR: Record<Severity, string> = { fault: 'red', alert: 'orange', info: 'blue' };
const blank = { en: '', zh: '', es: '', ja: '' };

/**
 * /device-type/type-events (root; issue 20): for each controller type, which bits of its bit-field registers mean a
 * fault, an alert or information, and the event's text in the four languages. The bits live in the type's register
 * map: a save is the map's next version (the same rules, confirmation, log and bus as the type editor), and
 * /devices/events/templates, the devices and their fault records read them from there. The chosen type is kept in the
 * URL (`?type=ID`).
 */
export default function TypeEventsPage() {
  const { t, lang } = useI18n();
  const [params, setParams] = useSearchParams();
  const types = useQuery(endpointQuery(api.controllerTypes.list)).data ?? NO_TYPES;
  const wanted = Number(params.get('type'));
  const typeId = types.some((ty) => ty.id === wanted) ? wanted : (types[0]?.id ?? 0);
  const view = useQuery({ ...endpointQuery(api.controllerTypes.edit, { params: { id: typeId || 1 } }), enabled: typeId > 0 });
  const type = view.data?.id === typeId ? view.data : undefined;

  return (
    <Card className="dms-wrap-head" title={t('deviceType.route.typeEvents')} data-testid="type-events">
      <Flex wrap align="center" gap={8} style={{ marginBottom: 16, minWidth: 0, maxWidth: '100%' }}>
        <Typography.Text>{t('typeEvents.type')}</Typography.Text>
        <Select<number>
          style={{ width: 360, maxWidth: '100%' }}
          aria-label={t('typeEvents.type')}
          value={typeId || undefined}
          onChange={(id) => {
            setParams({ type: String(id) }, { replace: true });
          }}
          options={types.map((ty) => ({ value: ty.id, label: `${ty.name[lang]} (${ty.code})` }))}
          data-testid="type-events-type"
        />
      </Flex>
      {type ? <EventsEditor key={`${type.id}:${type.version}`} type={type} /> : <Skeleton active />}
    </Card>
  );
}

/** The lowest bit a register has not named yet (undefined: all of them are). */
function freeBit(def: RegisterDef): number | undefined {
  const used = new Set((def.bits ?? []).map((b) => b.bit));
  for (let bit = 0; bit < wordCount(def) * 16; bit++) if (!used.has(bit)) return bit;
  return undefined;
}

function EventsEditor({ type }: { type: TypeEditView }) {
  const { t, lang } = useI18n();
  const [registers, setRegisters] = useState<RegisterDef[]>(type.registers);
  const [dirty, setDirty] = useState(false);
  const { busy, error, save } = useSaveMap(type, 'type-events-confirm', () => {
    setDirty(false);
  });
  const problems = useMemo(() => registerMapProblems(registers), [registers]);
  const bitRegisters = registers.map((def, index) => ({ def, index })).filter((r) => r.def.format === 'bits');

  /** Changes the bits of the register at `index`. */
  const changeBits = (index: number, change: (bits: RegisterBit[]) => RegisterBit[]) => {
    setRegisters((old) => old.map((r, i) => (i === index ? { ...r, bits: change(r.bits ?? []) } : r)));
    setDirty(true);
  };

  if (bitRegisters.length === 0) {
    return (
      <Empty description={t('typeEvents.empty')} data-testid="type-events-empty">
        <Link to={typeEditPath(type.id)}>{t('typeEvents.openEditor')}</Link>
      </Empty>
    );
  }
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Flex wrap align="center" justify="space-between" gap={8}>
        <Space wrap>
          <Tag data-testid="type-events-version">v{type.version}</Tag>
          {dirty && <Tag color="orange">{t('typeEdit.unsaved')}</Tag>}
        </Space>
        <Button
          type="primary"
          loading={busy}
          disabled={!dirty || problems.length > 0}
          data-testid="type-events-save"
          onClick={() => {
            save({ name: type.name, kind: type.kind, registers });
          }}
        >
          {t('typeEdit.save')}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('typeEvents.help')}
      </Typography.Paragraph>
      <ProblemList
        testId="type-events-problems"
        title={t('typeEdit.problems', { count: problems.length })}
        messages={problems.map((p) => serverMessage(lang, p.key, p.params))}
      />
      {error && <Alert type="error" title={error} showIcon role="alert" data-testid="type-events-error" />}
      {bitRegisters.map(({ def, index }) => (
        <BitTable
          key={def.number}
          def={def}
          onChange={(change) => {
            changeBits(index, change);
          }}
        />
      ))}
    </Space>
  );
}

/** One bit-field register's bits: each with its bit number, severity and text in each language (the user's first). */
function BitTable({ def, onChange }: { def: RegisterDef; onChange: (change: (bits: RegisterBit[]) => RegisterBit[]) => void }) {
  const { t, lang } = useI18n();
  const bits = def.bits ?? [];
  const id = (i: number, what: string) => `type-events-${def.number}-${i + 1}-${what}`;
  const set = (i: number, bit: RegisterBit) => {
    onChange((old) => old.map((b, j) => (j === i ? bit : b)));
  };
  const twice = new Set(bits.filter((b, i) => bits.findIndex((o) => o.bit === b.bit) !== i).map((b) => b.bit));
  const next = freeBit(def);
  const rows = bits.map((bit, i) => ({ bit, i }));
  return (
    <div data-testid={`type-events-reg-${def.number}`}>
      <Flex wrap align="center" justify="space-between" gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('typeEvents.register', { number: def.number, name: def.name[lang] })}</Typography.Text>
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={next === undefined}
          data-testid={`type-events-add-${def.number}`}
          onClick={() => {
            if (next !== undefined) onChange((old) => [...old, { bit: next, severity: 'fault', name: { ...blank } }]);
          }}
        >
          {t('typeEvents.add')}
        </Button>
      </Flex>
      <Table<{ bit: RegisterBit; i: number }>
        rowKey="i"
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('typeEvents.noBits') }}
        columns={[
          {
            key: 'bit',
            title: t('typeEvents.bit'),
            width: 90,
            render: (_: unknown, { bit, i }) => (
              <InputNumber
                data-testid={id(i, 'bit')}
                aria-label={t('typeEvents.bit')}
                min={0}
                max={wordCount(def) * 16 - 1}
                precision={0}
                status={twice.has(bit.bit) ? 'error' : undefined}
                value={bit.bit}
                onChange={(v) => {
                  if (v !== null) set(i, { ...bit, bit: v });
                }}
              />
            ),
          },
          {
            key: 'severity',
            title: t('typeEvents.severity'),
            width: 150,
            render: (_: unknown, { bit, i }) => (
              <Select<Severity>
                data-testid={id(i, 'severity')}
                aria-label={t('typeEvents.severity')}
                style={{ width: 130 }}
                value={bit.severity}
                options={SEVERITIES.map((s) => ({
                  value: s,
                  label: <Tag color={SEVERITY_COLOR[s]}>{t(`devices.templates.severities.${s}`)}</Tag>,
                }))}
                onChange={(severity) => {
                  set(i, { ...bit, severity });
                }}
              />
            ),
          },
          ...[lang, ...LANGUAGES.filter((l) => l !== lang)].map((l) => ({
            key: `text-${l}`,
            title: t('typeEvents.textIn', { language: LANGUAGE_NAMES[l] }),
            width: 220,
            render: (_: unknown, { bit, i }: { bit: RegisterBit; i: number }) => (
              <Input
                data-testid={id(i, `text-${l}`)}
                aria-label={t('typeEvents.textIn', { language: LANGUAGE_NAMES[l] })}
                maxLength={128}
                status={bit.name[l].trim() ? undefined : 'error'}
                value={bit.name[l]}
                onChange={(e) => {
                  set(i, { ...bit, name: { ...bit.name, [l]: e.target.value } });
                }}
              />
            ),
          })),
          {
            key: 'remove',
            title: '',
            width: 56,
            render: (_: unknown, { bit, i }) => (
              <Button
                type="text"
                danger
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('typeEvents.remove', { bit: bit.bit })}
                data-testid={id(i, 'remove')}
                onClick={() => {
                  onChange((old) => old.filter((_, j) => j !== i));
                }}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
