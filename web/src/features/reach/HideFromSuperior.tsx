import { App, Space, Switch, Tooltip, Typography } from 'antd';
import { api, type DeviceReach } from '@dms/contract';
import { useState } from 'react';
import { call } from '@/api/call';
import { useI18n } from '@/i18n';

/**
 * For the owner of a device by assignment: hide its values, faults and history from everyone above them in the chain,
 * or show them again (docs/people.md "Hidden from superior"). Those above still list it and may recall it.
 */
export function HideFromSuperior({ deviceId, reach, onChanged }: { deviceId: number; reach: DeviceReach; onChanged: () => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  if (reach.how !== 'owner' || reach.assignedBy === null) return null;
  return (
    <Tooltip title={t('managers.hideHelp')}>
      <Space size={6}>
        <Switch
          size="small"
          checked={reach.hidden}
          loading={busy}
          data-testid="device-hide-from-superior"
          aria-label={t('managers.hideSwitch')}
          onChange={(hidden) => {
            setBusy(true);
            void call(api.usermanager.hideFromSuperior, { body: { deviceId, hidden } })
              .then(() => {
                void message.success(t(hidden ? 'managers.hiddenOn' : 'managers.hiddenOff'));
                onChanged();
              })
              .finally(() => {
                setBusy(false);
              });
          }}
        />
        <Typography.Text type="secondary">{t('managers.hideSwitch')}</Typography.Text>
      </Space>
    </Tooltip>
  );
}
