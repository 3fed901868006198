import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  api,
  CONTROLLER_KINDS,
  LANGUAGE_NAMES,
  LANGUAGES,
  REGISTER_ENCODINGS,
  REGISTER_FIELD_NAMES,
  REGISTER_FORMATS,
  WORD_ORDERS,
  message as serverMessage,
  registerMapDiff,
  registerMapProblems,
  type ControllerKind,
  type Language,
  type LocalizedText,
  type MapProblem,
  type RegisterDef,
  type RegisterEncoding,
  type TypeEditView,
  type WordOrder,
} from '@dms/contract';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { call } from '@/api/call';
import { useSubmit } from '@/components/forms/useSubmit';
import { useI18n, type Translate } from '@/i18n';
import { typeUploadPath } from '@/pages/device-type/paths';
import { MapDiffView } from './MapDiffView';
import { TypeVersions } from './TypeVersions';
import { ProblemList } from '../ProblemList';
import { TYPE_MAP_READS, TypeLoader } from '../TypeLoader';

/** A row of the editor: a register as it is being edited, with a key of its own for React (numbers change). */
interface Row {
  id: number;
  def: RegisterDef;
}
/** A row as the table shows it, with its place in the map (a page of the table starts anywhere). */
interface ShownRow extends Row {
  at: number;
}

/**
 * /device-type/type-config/edit/{id} (root): a type's name, kind and register map in an editable table: number,
 * key, a name per language, display format, unit, decimals, the words (one or two, their order, signed, int or
 * float32), factor and offset, writable with min and max. The map's rules (contract map-rules.ts, the server's own)
 * are checked as root types, row by row; saving shows what changed against the saved version and makes the next
 * version, which devices take at once. Below: the saved versions, each with what it changed.
 */
export default function TypeEditPage() {
  const { t } = useI18n();
  return (
    <TypeLoader title={t('deviceType.route.typeEdit')} id={Number(useParams().id)}>
      {(type) => (
        // A fresh editor for each saved version: its state starts from what the server holds.
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Editor key={`${type.id}-${type.version}`} type={type} />
          <TypeVersions typeId={type.id} current={type.version} />
        </Space>
      )}
    </TypeLoader>
  );
}

const blankName = (): LocalizedText => ({ en: '', zh: '', es: '', ja: '' });

/** A new register below the last: the next free number, a key to be named, read-only number format. */
function newRegister(rows: readonly Row[]): RegisterDef {
  const last = rows.reduce((n, r) => Math.max(n, r.def.number + (r.def.words === 2 ? 1 : 0)), -1);
  let n = rows.length + 1;
  while (rows.some((r) => r.def.key === `register_${n}`)) n += 1;
  return { number: last + 1, key: `register_${n}`, name: blankName(), format: 'number', unit: '', decimals: 0, writable: false };
}

/** A register with an optional field set, or left out when cleared (the map keeps no empty fields). */
function withField<K extends OptionalField>(def: RegisterDef, field: K, value: RegisterDef[K] | null | undefined): RegisterDef {
  if (value !== null && value !== undefined) return { ...def, [field]: value };
  const { [field]: _cleared, ...rest } = def;
  // Only a field the map may leave out is cleared: what is left is still a whole register.
  return rest as RegisterDef;
}
/** The fields of a register the map may leave out. */
type OptionalField = 'min' | 'max' | 'words' | 'wordOrder' | 'signed' | 'encoding' | 'factor' | 'offset';

function Editor({ type }: { type: TypeEditView }) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const nextId = useRef(type.registers.length);
  const [name, setName] = useState<LocalizedText>(type.name);
  const [kind, setKind] = useState<ControllerKind>(type.kind);
  const [rows, setRows] = useState<Row[]>(() => type.registers.map((def, i) => ({ id: i, def })));
  const [dirty, setDirty] = useState(false);
  const [pager, setPager] = useState({ current: 1, pageSize: 50 });
  const registers = useMemo(() => rows.map((r) => r.def), [rows]);
  const shown = useMemo(() => rows.map((r, at) => ({ ...r, at })), [rows]);
  const problems = useMemo(() => registerMapProblems(registers), [registers]);
  /** The problems of each row (0-based), by field. */
  const byRow = useMemo(() => {
    const out = new Map<number, Map<MapProblem['field'], string>>();
    for (const p of problems) {
      const fields = out.get(p.row - 1) ?? new Map<MapProblem['field'], string>();
      if (!fields.has(p.field)) fields.set(p.field, serverMessage(lang, p.key, p.params));
      out.set(p.row - 1, fields);
    }
    return out;
  }, [problems, lang]);
  const missingName = LANGUAGES.some((l) => !name[l].trim());

  const update = (index: number, def: RegisterDef) => {
    setRows((old) => old.map((r, i) => (i === index ? { ...r, def } : r)));
    setDirty(true);
  };

  const { busy, error, run } = useSubmit(
    async () => {
      await call(
        api.controllerTypes.save,
        { params: { id: type.id }, body: { name, kind, registers, version: type.version } },
        { errorDisplay: 'none' },
      );
      void message.success(t('typeEdit.saved', { code: type.code, version: type.version + 1 }));
      setDirty(false);
    },
    { invalidates: TYPE_MAP_READS },
  );

  const save = () => {
    const diff = registerMapDiff(type.registers, registers);
    modal.confirm({
      title: t('typeEdit.confirmTitle', { code: type.code, version: type.version + 1 }),
      content: <MapDiffView diff={diff} />,
      okText: t('typeEdit.save'),
      cancelText: t('typeEdit.cancel'),
      okButtonProps: { 'data-testid': 'type-edit-confirm' },
      width: 640,
      onOk: () => run(),
    });
  };

  const columns = useMemo(
    () =>
      editorColumns({
        t,
        lang,
        byRow,
        update,
        remove: (index) => {
          setRows((old) => old.filter((_, i) => i !== index));
          setDirty(true);
        },
      }),
    [t, lang, byRow],
  );

  return (
    <Card
      className="dms-wrap-head"
      title={
        <Space wrap>
          {t('typeEdit.title', { code: type.code })}
          <Tag data-testid="type-edit-version">v{type.version}</Tag>
        </Space>
      }
      extra={
        <Space wrap>
          {dirty && <Tag color="orange">{t('typeEdit.unsaved')}</Tag>}
          <Button
            icon={<UploadOutlined />}
            data-testid="type-edit-upload"
            onClick={() => {
              void navigate(typeUploadPath(type.id, lang));
            }}
          >
            {t('typeEdit.upload')}
          </Button>
          <Button
            icon={<PlusOutlined />}
            data-testid="type-edit-add"
            onClick={() => {
              setRows((old) => [...old, { id: nextId.current++, def: newRegister(old) }]);
              // The new row is the last: its page is shown.
              setPager((p) => ({ ...p, current: Math.ceil((rows.length + 1) / p.pageSize) }));
              setDirty(true);
            }}
          >
            {t('typeEdit.add')}
          </Button>
          <Button
            type="primary"
            loading={busy}
            disabled={!dirty || rows.length === 0 || problems.length > 0 || missingName}
            onClick={save}
            data-testid="type-edit-save"
          >
            {t('typeEdit.save')}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical">
        <Space wrap size={16} align="start">
          <Form.Item label={t('typeConfig.kind')}>
            <Select<ControllerKind>
              data-testid="type-edit-kind"
              style={{ width: 180 }}
              value={kind}
              options={CONTROLLER_KINDS.map((k) => ({ value: k, label: t(`devices.kind.${k}`) }))}
              onChange={(v) => {
                setKind(v);
                setDirty(true);
              }}
            />
          </Form.Item>
          {LANGUAGES.map((l) => (
            <Form.Item
              key={l}
              label={t('typeConfig.nameIn', { language: LANGUAGE_NAMES[l] })}
              validateStatus={name[l].trim() ? undefined : 'error'}
              help={name[l].trim() ? undefined : t('typeEdit.nameMissing')}
            >
              <Input
                data-testid={`type-edit-name-${l}`}
                maxLength={64}
                style={{ width: 220 }}
                value={name[l]}
                onChange={(e) => {
                  setName({ ...name, [l]: e.target.value });
                  setDirty(true);
                }}
              />
            </Form.Item>
          ))}
        </Space>
      </Form>
      <ProblemList
        testId="type-edit-problems"
        title={t('typeEdit.problems', { count: problems.length })}
        messages={problems.map((p) => serverMessage(lang, p.key, p.params))}
      />
      {error && <Alert type="error" title={error} showIcon role="alert" data-testid="type-edit-error" style={{ marginBottom: 16 }} />}
      <Table<ShownRow>
        data-testid="type-edit-table"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={shown}
        pagination={{
          ...pager,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100, 200],
          onChange: (current, pageSize) => {
            setPager({ current, pageSize });
          },
        }}
        scroll={{ x: columns.reduce((w, c) => w + (typeof c.width === 'number' ? c.width : 120), 0) }}
        rowClassName={(r) => (byRow.has(r.at) ? 'dms-row-problem' : '')}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('typeEdit.help')}
      </Typography.Paragraph>
    </Card>
  );
}

interface ColumnsInput {
  t: Translate;
  lang: Language;
  byRow: ReadonlyMap<number, ReadonlyMap<MapProblem['field'], string>>;
  update: (index: number, def: RegisterDef) => void;
  remove: (index: number) => void;
}

/** What a cell of the editor needs: its column, how it reads and writes its register, and its problem's field. */
interface CellSpec<V> {
  key: string;
  title: string;
  width: number;
  get: (def: RegisterDef) => V;
  set: (def: RegisterDef, value: V) => RegisterDef;
  /** The rule's field whose problem this cell shows (outlined red, the message as its title). */
  problemField?: MapProblem['field'];
  disabled?: (def: RegisterDef) => boolean;
}

/** The editor's columns: each cell edits one field of its register and shows that field's problem, if any. */
function editorColumns({ t, lang, byRow, update, remove }: ColumnsInput): TableColumnsType<ShownRow> {
  const field = REGISTER_FIELD_NAMES[lang];
  const problem = (at: number, field: MapProblem['field'] | undefined) => (field ? byRow.get(at)?.get(field) : undefined);
  /** What every editing cell shares: its test id (`type-edit-<key>-<row>`), label, and problem as status and title. */
  const common = <V,>(spec: CellSpec<V>, r: ShownRow) => {
    const why = problem(r.at, spec.problemField);
    return {
      'data-testid': `type-edit-${spec.key}-${r.at + 1}`,
      'aria-label': spec.title,
      title: why,
      status: why ? ('error' as const) : undefined,
      disabled: spec.disabled?.(r.def),
    };
  };
  const column = <V,>(spec: CellSpec<V>, render: (r: ShownRow, value: V, change: (v: V) => void) => ReactNode) => ({
    key: spec.key,
    title: spec.title,
    width: spec.width,
    render: (_: unknown, r: ShownRow) =>
      render(r, spec.get(r.def), (v) => {
        update(r.at, spec.set(r.def, v));
      }),
  });
  const text = (spec: CellSpec<string>, maxLength: number) =>
    column(spec, (r, value, change) => (
      <Input
        {...common(spec, r)}
        maxLength={maxLength}
        value={value}
        onChange={(e) => {
          change(e.target.value);
        }}
      />
    ));
  const number = (spec: CellSpec<number | null>, limits: { min?: number; max?: number; precision?: number } = {}) =>
    column(spec, (r, value, change) => (
      <InputNumber
        {...common(spec, r)}
        {...limits}
        value={value}
        onChange={(v) => {
          change(v);
        }}
      />
    ));
  const choice = <V extends string | number>(spec: CellSpec<V>, options: ReadonlyArray<{ value: V; label: string }>) =>
    column(spec, (r, value, change) => (
      <Select<V>
        {...common(spec, r)}
        style={{ width: '100%' }}
        value={value}
        options={[...options]}
        onChange={(v) => {
          change(v);
        }}
      />
    ));
  const toggle = (spec: CellSpec<boolean>) =>
    column(spec, (r, value, change) => {
      const { status: _status, ...rest } = common(spec, r);
      return (
        <Switch
          {...rest}
          size="small"
          checked={value}
          onChange={(v) => {
            change(v);
          }}
        />
      );
    });
  /** A required number of the register (left as it was while the field is empty). */
  const whole = (field: 'number' | 'decimals') => ({
    get: (d: RegisterDef) => d[field],
    set: (d: RegisterDef, v: number | null) => (v === null ? d : { ...d, [field]: v }),
  });
  /** An optional number of the register (left out of the map when cleared). */
  const optional = (field: 'factor' | 'offset' | 'min' | 'max') => ({
    get: (d: RegisterDef) => d[field] ?? null,
    set: (d: RegisterDef, v: number | null) => withField(d, field, v),
  });

  return [
    { key: 'row', title: '#', width: 56, fixed: 'left', render: (_: unknown, r) => r.at + 1 },
    {
      ...number(
        { key: 'number', title: field.number, width: 110, problemField: 'number', ...whole('number') },
        { min: 0, max: 65_535, precision: 0 },
      ),
      fixed: 'left',
    },
    text({ key: 'key', title: field.key, width: 170, problemField: 'key', get: (d) => d.key, set: (d, key) => ({ ...d, key }) }, 64),
    // The name in the user's language first, then the others; an empty one is outlined.
    ...[lang, ...LANGUAGES.filter((l) => l !== lang)].map((l) =>
      column(
        {
          key: `name-${l}`,
          title: t('typeConfig.nameIn', { language: LANGUAGE_NAMES[l] }),
          width: 190,
          get: (d) => d.name[l],
          set: (d, v: string) => ({ ...d, name: { ...d.name, [l]: v } }),
        },
        (r, value, change) => (
          <Input
            data-testid={`type-edit-name-${l}-${r.at + 1}`}
            aria-label={t('typeConfig.nameIn', { language: LANGUAGE_NAMES[l] })}
            status={value.trim() ? undefined : 'error'}
            title={value.trim() ? undefined : problem(r.at, 'name')}
            maxLength={128}
            value={value}
            onChange={(e) => {
              change(e.target.value);
            }}
          />
        ),
      ),
    ),
    choice(
      { key: 'format', title: t('devices.register.format'), width: 130, get: (d) => d.format, set: (d, format) => ({ ...d, format }) },
      REGISTER_FORMATS.map((f) => ({ value: f, label: t(`devices.format.${f}`) })),
    ),
    text({ key: 'unit', title: t('devices.register.unit'), width: 100, get: (d) => d.unit, set: (d, unit) => ({ ...d, unit }) }, 16),
    number(
      { key: 'decimals', title: t('devices.register.decimals'), width: 90, problemField: 'decimals', ...whole('decimals') },
      { min: 0, max: 6, precision: 0 },
    ),
    choice(
      {
        key: 'words',
        title: field.words,
        width: 90,
        problemField: 'words',
        get: (d) => d.words ?? 1,
        set: (d, v: number) => withField(d, 'words', v === 2 ? 2 : undefined),
      },
      [
        { value: 1, label: '1' },
        { value: 2, label: '2' },
      ],
    ),
    choice(
      {
        key: 'order',
        title: field.wordOrder,
        width: 150,
        disabled: (d) => d.words !== 2,
        get: (d): WordOrder => d.wordOrder ?? 'high-first',
        set: (d, v) => withField(d, 'wordOrder', v === 'low-first' ? v : undefined),
      },
      WORD_ORDERS.map((o) => ({ value: o, label: t(`typeEdit.order.${o}`) })),
    ),
    toggle({
      key: 'signed',
      title: field.signed,
      width: 90,
      get: (d) => d.signed === true,
      set: (d, v) => withField(d, 'signed', v ? true : undefined),
    }),
    choice(
      {
        key: 'encoding',
        title: field.encoding,
        width: 110,
        problemField: 'encoding',
        get: (d): RegisterEncoding => d.encoding ?? 'int',
        set: (d, v) => withField(d, 'encoding', v === 'float32' ? v : undefined),
      },
      REGISTER_ENCODINGS.map((e) => ({ value: e, label: t(`typeEdit.encodings.${e}`) })),
    ),
    number({ key: 'factor', title: field.factor, width: 110, problemField: 'factor', ...optional('factor') }),
    number({ key: 'offset', title: field.offset, width: 110, ...optional('offset') }),
    toggle({
      key: 'writable',
      title: t('devices.register.writable'),
      width: 90,
      get: (d) => d.writable,
      set: (d, writable) => ({ ...d, writable }),
    }),
    number({ key: 'min', title: field.min, width: 110, problemField: 'min', ...optional('min') }),
    number({ key: 'max', title: field.max, width: 110, problemField: 'min', ...optional('max') }),
    {
      key: 'more',
      title: t('typeEdit.more'),
      width: 120,
      render: (_: unknown, r) => {
        const count = r.def.format === 'enum' ? Object.keys(r.def.options ?? {}).length : (r.def.bits?.length ?? 0);
        const label =
          r.def.format === 'enum' ? t('typeEdit.options', { count }) : r.def.format === 'bits' ? t('typeEdit.bits', { count }) : '';
        const why = problem(r.at, 'bits');
        return why ? (
          <Typography.Text type="danger" title={why}>
            {label}
          </Typography.Text>
        ) : (
          label
        );
      },
    },
    {
      key: 'remove',
      title: '',
      width: 56,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button
          type="text"
          danger
          size="small"
          icon={<DeleteOutlined />}
          aria-label={t('typeEdit.remove', { number: r.def.number })}
          data-testid={`type-edit-remove-${r.at + 1}`}
          onClick={() => {
            remove(r.at);
          }}
        />
      ),
    },
  ];
}
