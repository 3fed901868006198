import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover } from 'antd';
import { useState } from 'react';
import { useI18n } from '@/i18n';
import { DEFAULT_COLUMNS, loadColumns, OPTIONAL_COLUMNS, saveColumns, type OptionalColumn } from './column-choice';

/** The user's choice of optional columns, remembered in this browser. */
export function useColumnChoice(): [OptionalColumn[], (columns: readonly OptionalColumn[]) => void] {
  const [chosen, setChosen] = useState<OptionalColumn[]>(loadColumns);
  const choose = (columns: readonly OptionalColumn[]) => {
    const ordered = OPTIONAL_COLUMNS.filter((c) => columns.includes(c));
    setChosen(ordered);
    saveColumns(ordered);
  };
  return [chosen, choose];
}

/** The columns button: a panel of every optional column to tick, and a reset to the default ones. */
export function ColumnChooser({
  chosen,
  onChoose,
  compact,
}: {
  chosen: OptionalColumn[];
  onChoose: (columns: OptionalColumn[]) => void;
  compact: boolean;
}) {
  const { t } = useI18n();
  const panel = (
    <div className="dms-devices-columns" data-testid="devices-columns-panel">
      <Checkbox.Group
        value={chosen}
        onChange={(v) => {
          onChoose(v);
        }}
        options={OPTIONAL_COLUMNS.map((c) => ({
          value: c,
          label: t(c === 'type' ? 'devices.field.type' : `devices.field.${c}`),
        }))}
      />
      <Button
        size="small"
        type="link"
        onClick={() => {
          onChoose([...DEFAULT_COLUMNS]);
        }}
        data-testid="devices-columns-reset"
      >
        {t('devices.list.columnsReset')}
      </Button>
    </div>
  );
  return (
    <Popover content={panel} trigger="click" placement="bottomRight" title={t('devices.list.columns')}>
      <Button icon={<SettingOutlined />} data-testid="devices-columns">
        {compact ? null : t('devices.list.columns')}
      </Button>
    </Popover>
  );
}
