import { Button, ColorPicker, Drawer, Space, Switch, Typography } from 'antd';
import { t } from '../i18n/index.js';
import type { Settings } from '../settings/defaults.js';
import { changeSetting, restoreSettings, useSettings } from '../settings/store.js';

const SWITCHES: Array<{ key: Exclude<keyof Settings, 'themeColor'>; label: 'settings.tagsView' | 'settings.fixedHeader' | 'settings.sidebarLogo'; testId: string }> = [
  { key: 'tagsView', label: 'settings.tagsView', testId: 'setting-tags-view' },
  { key: 'fixedHeader', label: 'settings.fixedHeader', testId: 'setting-fixed-header' },
  { key: 'sidebarLogo', label: 'settings.sidebarLogo', testId: 'setting-sidebar-logo' },
];

const PRESETS = ['#1890ff', '#13c2c2', '#52c41a', '#fa8c16', '#f5222d', '#722ed1', '#2f54eb', '#304156'];

/** The settings panel (spec 2): theme colour, tags view, fixed header, sidebar logo; kept across reloads. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useSettings();
  return (
    <Drawer title={t('settings.title')} open={open} onClose={onClose} size={300} data-testid="settings-panel">
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <div className="dms-setting-row">
          <Typography.Text>{t('settings.themeColor')}</Typography.Text>
          <ColorPicker
            data-testid="setting-theme-color"
            value={settings.themeColor}
            disabledAlpha
            presets={[{ label: t('settings.themeColor'), colors: PRESETS }]}
            onChangeComplete={(color) => changeSetting('themeColor', color.toHexString())}
          />
        </div>
        {SWITCHES.map((s) => (
          <div className="dms-setting-row" key={s.key}>
            <Typography.Text>{t(s.label)}</Typography.Text>
            <Switch data-testid={s.testId} checked={settings[s.key]} onChange={(v) => changeSetting(s.key, v)} />
          </div>
        ))}
        <Button block onClick={restoreSettings}>
          {t('settings.restore')}
        </Button>
      </Space>
    </Drawer>
  );
}
