import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { useI18n } from '@/i18n';
import { ChannelsTab } from './ChannelsTab';
import { DefaultsTab } from './DefaultsTab';
import { PromptTab } from './PromptTab';
import { TemplatesTab } from './TemplatesTab';

const TABS = ['channels', 'templates', 'defaults', 'prompt'] as const;
type Tab = (typeof TABS)[number];

/**
 * /notice/notification-management (root; issue 22; docs/notifications.md): the channels notifications go out by (the
 * SMTP server with a test e-mail, the webhook endpoints with their secrets and a test post), the message templates of
 * each kind and language with a live preview, and the defaults: whom is told what and how, quiet hours, the repeat
 * interval and the flapping rule; and the renewal prompt shown where an IoT card expires, with its phone number.
 */
export default function NotificationManagementPage() {
  const { t } = useI18n();
  const [tab, setTab] = useState<Tab>('channels');
  return (
    <Card className="dms-wrap-head" title={t('notice.route.management')} data-testid="notice-management">
      <Tabs
        data-testid="notice-tabs"
        activeKey={tab}
        onChange={(key) => {
          const next = TABS.find((x) => x === key);
          if (next) setTab(next);
        }}
        items={[
          { key: 'channels', label: <span data-testid="notice-tab-channels">{t('notice.tabs.channels')}</span>, children: <ChannelsTab /> },
          {
            key: 'templates',
            label: <span data-testid="notice-tab-templates">{t('notice.tabs.templates')}</span>,
            children: <TemplatesTab />,
          },
          { key: 'defaults', label: <span data-testid="notice-tab-defaults">{t('notice.tabs.defaults')}</span>, children: <DefaultsTab /> },
          { key: 'prompt', label: <span data-testid="notice-tab-prompt">{t('notice.tabs.prompt')}</span>, children: <PromptTab /> },
        ]}
      />
    </Card>
  );
}
