import { Input, InputNumber, Select, Switch, Button, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import {
  LANGUAGE_NAMES,
  LANGUAGES,
  REGISTER_ENCODINGS,
  REGISTER_FIELD_NAMES,
  REGISTER_FORMATS,
  REGISTER_ROLES,
  WORD_ORDERS,
  type Language,
  type MapProblem,
  type RegisterDef,
  type RegisterEncoding,
  type RegisterRole,
  type WordOrder,
} from '@dms/contract';
import type { ReactNode } from 'react';
import type { Translate } from '@/i18n';

/*
 * The columns of the register map editor (/device-type/type-config/edit/{id}): each cell edits one field of its
 * register and shows that field's problem by the map's rules.
 */

/** A row of the editor: a register as it is being edited, with a key of its own for React (numbers change). */
export interface Row {
  id: number;
  def: RegisterDef;
}
/** A row as the table shows it, with its place in the map (a page of the table starts anywhere). */
export interface ShownRow extends Row {
  at: number;
}

/** A register with an optional field set, or left out when cleared (the map keeps no empty fields). */
export function withField<K extends OptionalField>(def: RegisterDef, field: K, value: RegisterDef[K] | null | undefined): RegisterDef {
  if (value !== null && value !== undefined) return { ...def, [field]: value };
  const { [field]: _cleared, ...rest } = def;
  // Only a field the map may leave out is cleared: what is left is still a whole register.
  return rest as RegisterDef;
}
/** The fields of a register the map may leave out. */
type OptionalField = 'min' | 'max' | 'words' | 'wordOrder' | 'signed' | 'encoding' | 'factor' | 'offset' | 'operating' | 'role';

export interface ColumnsInput {
  t: Translate;
  lang: Language;
  byRow: ReadonlyMap<number, ReadonlyMap<MapProblem['field'], string>>;
  update: (index: number, def: RegisterDef) => void;
  remove: (index: number) => void;
  /** Opens the options of the enum register at this index. */
  editOptions: (index: number) => void;
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
export function editorColumns({ t, lang, byRow, update, remove, editOptions }: ColumnsInput): TableColumnsType<ShownRow> {
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
      // A register no longer written is no operating one either.
      set: (d, writable) => (writable ? { ...d, writable } : withField({ ...d, writable }, 'operating', undefined)),
    }),
    number({ key: 'min', title: field.min, width: 110, problemField: 'min', ...optional('min') }),
    number({ key: 'max', title: field.max, width: 110, problemField: 'min', ...optional('max') }),
    toggle({
      key: 'operating',
      title: field.operating,
      width: 110,
      disabled: (d) => !d.writable,
      get: (d) => d.operating === true,
      set: (d, v) => withField(d, 'operating', v ? true : undefined),
    }),
    choice(
      {
        key: 'role',
        title: field.role,
        width: 170,
        get: (d): RegisterRole | 'none' => d.role ?? 'none',
        set: (d, v) => withField(d, 'role', v === 'none' ? undefined : v),
      },
      (['none', ...REGISTER_ROLES] as const).map((r) => ({ value: r, label: t(`typeEdit.roles.${r}`) })),
    ),
    {
      key: 'more',
      title: t('typeEdit.more'),
      width: 120,
      render: (_: unknown, r) => {
        const count = r.def.format === 'enum' ? Object.keys(r.def.options ?? {}).length : (r.def.bits?.length ?? 0);
        if (r.def.format === 'enum') {
          const why = problem(r.at, 'options');
          return (
            <Button
              type="link"
              size="small"
              danger={why !== undefined}
              title={why}
              data-testid={`type-edit-options-${r.at + 1}`}
              onClick={() => {
                editOptions(r.at);
              }}
            >
              {t('typeEdit.options', { count })}
            </Button>
          );
        }
        const label = r.def.format === 'bits' ? t('typeEdit.bits', { count }) : '';
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
