import { ColumnHeightOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Tooltip } from 'antd';
import { useI18n } from '@/i18n';
import { SIZES, setSize, useAppState, type Size } from '@/settings/app-state';

/** The global size (spec 2): default, medium, small, mini; stored in the `size` cookie. */
export function SizeSelect() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const size = useAppState((s) => s.size);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s, label: <span data-testid={`size-option-${s}`}>{t(`navbar.size.${s}`)}</span> })),
        onClick: ({ key }) => {
          if (key === size) return;
          setSize(key as Size);
          void message.success(t('navbar.size.success'));
        },
      }}
    >
      <Tooltip title={t('navbar.size.label')}>
        <Button type="text" data-testid="size-select" aria-label={t('navbar.size.label')} icon={<ColumnHeightOutlined />} />
      </Tooltip>
    </Dropdown>
  );
}
