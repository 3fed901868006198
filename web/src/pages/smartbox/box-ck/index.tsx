import { Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { BOX_CK_TABS, useBoxCkTabs, type BoxCkTab } from '@/features/box-ck/useBoxCkTabs';
import { useI18n } from '@/i18n';

/**
 * /smartbox/box-ck (root; spec 2 and 3): device number ↔ CK code with its time. Set one, import a sheet, and the
 * history of changes: the same table, service and log as /device-type/CK-config's box-CK tabs.
 */
export default function SmartboxBoxCkPage() {
  const { t } = useI18n();
  const [tab, setTab] = useState<BoxCkTab>('boxes');
  const items = useBoxCkTabs(setTab);
  return (
    <Space orientation="vertical" size="middle" style={{ display: 'flex' }} data-testid="smartbox-box-ck">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('smartbox.boxCk.help')}
      </Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          const next = BOX_CK_TABS.find((x) => x === key);
          if (next) setTab(next);
        }}
        items={items}
      />
    </Space>
  );
}
