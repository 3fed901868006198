import { Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { BOX_CK_TABS, useBoxCkTabs } from '@/features/box-ck/useBoxCkTabs';
import { useI18n } from '@/i18n';
import { CkCodes } from './CkCodes';

type Tab = 'codes' | (typeof BOX_CK_TABS)[number];
const TABS: readonly Tab[] = ['codes', ...BOX_CK_TABS];

/**
 * /device-type/CK-config (root; spec 2, 3 and 5): the CK codes with their companies and the types each allows, their
 * bulk generation, the box-CK table (set one, import a sheet) and the history of boxes' CK changes (the same table as
 * /smartbox/box-ck). A code's types are chosen on /device-type/CK-config/model/{ck}.
 */
export default function CkConfigPage() {
  const { t } = useI18n();
  const [tab, setTab] = useState<Tab>('codes');
  const boxTabs = useBoxCkTabs(setTab);
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
          ...boxTabs,
        ]}
      />
    </Space>
  );
}
