import { Alert, Button, Card, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { FileTextOutlined, LayoutOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  CONTROLLER_KINDS,
  LANGUAGE_NAMES,
  LANGUAGES,
  message as serverMessage,
  registerMapProblems,
  type ControllerKind,
  type LocalizedText,
  type MapProblem,
  type RegisterDef,
  type TypeEditView,
} from '@dms/contract';
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useI18n } from '@/i18n';
import { typePagePath, typeProtocolPath, typeUploadPath } from '@/pages/device-type/paths';
import { editorColumns, type Row, type ShownRow } from './columns';
import { OptionsDialog } from './OptionsDialog';
import { TypeVersions } from './TypeVersions';
import { ProblemList } from '@/components/forms/ProblemList';
import { TypeLoader } from '../TypeLoader';
import { useSaveMap } from '../useSaveMap';

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

function Editor({ type }: { type: TypeEditView }) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const nextId = useRef(type.registers.length);
  const [name, setName] = useState<LocalizedText>(type.name);
  const [kind, setKind] = useState<ControllerKind>(type.kind);
  const [rows, setRows] = useState<Row[]>(() => type.registers.map((def, i) => ({ id: i, def })));
  const [dirty, setDirty] = useState(false);
  const [pager, setPager] = useState({ current: 1, pageSize: 50 });
  /** The row whose options are open, null when none. */
  const [optionsOf, setOptionsOf] = useState<number | null>(null);
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

  const { busy, error, save } = useSaveMap(type, 'type-edit-confirm', () => {
    setDirty(false);
  });

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
        editOptions: setOptionsOf,
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
            icon={<LayoutOutlined />}
            data-testid="type-edit-page"
            onClick={() => {
              void navigate(typePagePath(type.id, 'default'));
            }}
          >
            {t('deviceType.route.typePage')}
          </Button>
          <Button
            icon={<FileTextOutlined />}
            data-testid="type-edit-protocol"
            onClick={() => {
              void navigate(typeProtocolPath(type.id, 'default', lang));
            }}
          >
            {t('typeProtocol.open')}
          </Button>
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
            onClick={() => {
              save({ name, kind, registers });
            }}
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
      {optionsOf !== null && rows[optionsOf] && (
        <OptionsDialog
          def={rows[optionsOf].def}
          onApply={(def) => {
            update(optionsOf, def);
          }}
          onClose={() => {
            setOptionsOf(null);
          }}
        />
      )}
    </Card>
  );
}
