import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Input, InputNumber, Modal, Table, type TableColumnsType } from 'antd';
import { LANGUAGE_NAMES, LANGUAGES, MAX_OPTIONS, rawRange, type LocalizedText, type RegisterDef } from '@dms/contract';
import { useMemo, useRef, useState } from 'react';
import { useI18n } from '@/i18n';

interface OptionRow {
  id: number;
  value: number | null;
  name: LocalizedText;
}

/** The options of a register as rows, by value. */
function rowsOf(def: RegisterDef): OptionRow[] {
  return Object.entries(def.options ?? {})
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([value, name], id) => ({ id, value: Number(value), name }));
}

/**
 * The options of an enum register (raw value → name in four languages): added, renamed, renumbered, removed. "Apply"
 * puts them in the register being edited; the map's rules (a value the register's words cannot hold, a name missing in
 * a language) show on its row, and the map is saved with the editor's Save. A value left empty, or twice, is dropped
 * (the last one named wins).
 */
export function OptionsDialog({ def, onApply, onClose }: { def: RegisterDef; onApply: (def: RegisterDef) => void; onClose: () => void }) {
  const { t, lang } = useI18n();
  const [rows, setRows] = useState<OptionRow[]>(() => rowsOf(def));
  const nextId = useRef(rows.length);
  const range = rawRange(def);
  const set = (id: number, change: Partial<OptionRow>) => {
    setRows((old) => old.map((r) => (r.id === id ? { ...r, ...change } : r)));
  };
  const languages = useMemo(() => [lang, ...LANGUAGES.filter((l) => l !== lang)], [lang]);

  const columns: TableColumnsType<OptionRow> = [
    {
      key: 'value',
      title: t('typeEdit.optionValue'),
      width: 110,
      render: (_: unknown, r) => (
        <InputNumber<number>
          size="small"
          data-testid={`type-options-value-${r.id}`}
          min={range.min}
          max={range.max}
          precision={0}
          value={r.value}
          onChange={(value) => {
            set(r.id, { value });
          }}
        />
      ),
    },
    ...languages.map((l) => ({
      key: l,
      title: t('typeEdit.optionName', { language: LANGUAGE_NAMES[l] }),
      width: 170,
      render: (_: unknown, r: OptionRow) => (
        <Input
          size="small"
          data-testid={`type-options-name-${r.id}-${l}`}
          maxLength={128}
          status={r.name[l].trim() ? undefined : 'error'}
          value={r.name[l]}
          onChange={(e) => {
            set(r.id, { name: { ...r.name, [l]: e.target.value } });
          }}
        />
      ),
    })),
    {
      key: 'remove',
      title: '',
      width: 48,
      render: (_: unknown, r) => (
        <Button
          type="text"
          danger
          size="small"
          icon={<DeleteOutlined />}
          aria-label={t('typeEdit.removeOption', { value: r.value ?? '' })}
          onClick={() => {
            setRows((old) => old.filter((x) => x.id !== r.id));
          }}
        />
      ),
    },
  ];

  const apply = () => {
    const options: Record<string, LocalizedText> = {};
    for (const r of rows) if (r.value !== null) options[String(r.value)] = r.name;
    const { options: _old, ...rest } = def;
    onApply(Object.keys(options).length > 0 ? { ...rest, options } : rest);
    onClose();
  };

  return (
    <Modal
      open
      width={880}
      title={t('typeEdit.optionsTitle', { number: def.number })}
      okText={t('typeEdit.applyOptions')}
      okButtonProps={{ 'data-testid': 'type-options-apply' }}
      cancelText={t('common.action.cancel')}
      onOk={apply}
      onCancel={onClose}
      destroyOnHidden
    >
      <Table<OptionRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content', y: 420 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('typeEdit.noOptions')} /> }}
        data-testid="type-options-table"
      />
      <Button
        icon={<PlusOutlined />}
        style={{ marginTop: 12 }}
        data-testid="type-options-add"
        disabled={rows.length >= MAX_OPTIONS}
        onClick={() => {
          const used = new Set(rows.map((r) => r.value));
          let value = Math.max(range.min, 0);
          while (used.has(value) && value < range.max) value += 1;
          const id = nextId.current++;
          setRows((old) => [...old, { id, value, name: { en: '', zh: '', es: '', ja: '' } }]);
        }}
      >
        {t('typeEdit.addOption')}
      </Button>
    </Modal>
  );
}
