import { Space, Tabs } from 'antd';
import { useState } from 'react';
import { useI18n } from '@/i18n';
import { MoveForm } from './MoveForm';
import { MoveList } from './MoveList';
import { ServerIpList } from './ServerIpList';

type IpTab = 'moves' | 'ips';
const TABS: readonly IpTab[] = ['moves', 'ips'];

/**
 * /smartbox/ip-config (root; issue 23): boxes given another server address by a list, a range or a filter, moved in
 * two phases (the command, the box's arrival by the new address); the moves with their states, live; and the box
 * server-IP table (spec 3), exported.
 */
export default function IpConfigPage() {
  const { t } = useI18n();
  const [tab, setTab] = useState<IpTab>('moves');
  return (
    <Space orientation="vertical" size="middle" style={{ display: 'flex' }} data-testid="smartbox-ip-config">
      <MoveForm />
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          const next = TABS.find((x) => x === key);
          if (next) setTab(next);
        }}
        items={[
          { key: 'moves', label: <span data-testid="ip-config-tab-moves">{t('moves.tabs.moves')}</span>, children: <MoveList /> },
          { key: 'ips', label: <span data-testid="ip-config-tab-ips">{t('moves.tabs.ips')}</span>, children: <ServerIpList /> },
        ]}
      />
    </Space>
  );
}
