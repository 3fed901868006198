import { ColorPicker, Drawer, Button, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useI18n } from '@/i18n';
import type { SettingKey } from '@/settings/defaults';
import { resetSettings, setSetting, useSetting } from '@/settings/store';

type BooleanSetting = Exclude<SettingKey, 'themeColor'>;

const SWITCHES: ReadonlyArray<{ key: BooleanSetting; testId: string }> = [
  { key: 'tagsView', testId: 'setting-tags-view' },
  { key: 'fixedHeader', testId: 'setting-fixed-header' },
  { key: 'sidebarLogo', testId: 'setting-sidebar-logo' },
];

function Row({ label, id, children }: { label: string; id?: string; children: ReactNode }) {
  return (
    <div className="dms-setting-row">
      {id ? <label htmlFor={id}>{label}</label> : <span>{label}</span>}
      {children}
    </div>
  );
}

function SettingSwitch({ setting, testId, label }: { setting: BooleanSetting; testId: string; label: string }) {
  const checked = useSetting(setting);
  const id = `setting-${setting}`;
  return (
    <Row label={label} id={id}>
      <Switch
        id={id}
        data-testid={testId}
        checked={checked}
        onChange={(value) => {
          setSetting(setting, value);
        }}
      />
    </Row>
  );
}

/** The settings panel of spec 2: theme colour, tags view, fixed header, sidebar logo. Changes apply at once and persist. */
export default function SettingsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const themeColor = useSetting('themeColor');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('settings.panel.title')}
      placement="right"
      size={300}
      className="dms-settings-panel"
      footer={
        <Button block onClick={resetSettings} data-testid="setting-reset">
          {t('settings.panel.reset')}
        </Button>
      }
    >
      <Row label={t('settings.themeColor.label')}>
        <span data-testid="setting-theme-color">
          <ColorPicker
            aria-label={t('settings.themeColor.label')}
            value={themeColor}
            disabledAlpha
            presets={[
              {
                label: t('settings.themeColor.label'),
                colors: ['#1890ff', '#304156', '#11a983', '#13c2c2', '#6959CD', '#f5222d', '#fa8c16', '#eb2f96'],
              },
            ]}
            onChangeComplete={(color) => {
              setSetting('themeColor', color.toHexString());
            }}
          />
        </span>
      </Row>
      {SWITCHES.map(({ key, testId }) => (
        <SettingSwitch key={key} setting={key} testId={testId} label={t(`settings.${key}.label`)} />
      ))}
    </Drawer>
  );
}
