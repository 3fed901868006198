import { Space, Tabs, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useListState } from '@/components/list-page/useListState';
import { useI18n } from '@/i18n';
import { BoxCkHistory, type HistoryFilter } from './BoxCkHistory';
import { BoxCks } from './BoxCks';
import { CkCodes } from './CkCodes';

const TABS = ['codes', 'boxes', 'history'] as const;
type Tab = (typeof TABS)[number];

/**
 * /device-type/CK-config (root; spec 2, 3 and 5): the CK codes with their companies and the types each allows, their
 * bulk generation, the box-CK table (set one, import a sheet) and the history of boxes' CK changes. A code's types are
 * chosen on /device-type/CK-config/model/{ck}.
 */
export default function CkConfigPage() {
  const { t } = useI18n();
  const [tab, setTab] = useState<Tab>('codes');
  const history = useListState<HistoryFilter>({ boxId: undefined });
  const { setFilter } = history;
  const showHistory = useCallback(
    (boxId: number) => {
      setFilter({ boxId });
      setTab('history');
    },
    [setFilter],
  );
  return (
    <Space orientation="vertical" size="middle" style={{ display: 'flex' }} data-testid="ck-config">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('ckConfig.help')}
      </Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          const next = TABS.find((x) => x === key);
          if (next) setTab(next);
        }}
        items={[
          { key: 'codes', label: <span data-testid="ck-tab-codes">{t('ckConfig.tabs.codes')}</span>, children: <CkCodes /> },
          {
            key: 'boxes',
            label: <span data-testid="ck-tab-boxes">{t('ckConfig.tabs.boxes')}</span>,
            children: <BoxCks onHistory={showHistory} />,
          },
          {
            key: 'history',
            label: <span data-testid="ck-tab-history">{t('ckConfig.tabs.history')}</span>,
            children: <BoxCkHistory list={history} />,
          },
        ]}
      />
    </Space>
  );
}
