import { Skeleton, Space } from 'antd';
import { api } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/api/call';
import { SmtpCard } from './SmtpCard';
import { WebhooksCard } from './WebhooksCard';

/** The ways notifications leave the console: e-mail through an SMTP server, and webhook endpoints. */
export function ChannelsTab() {
  const channels = useQuery(endpointQuery(api.notice.channels));
  if (!channels.data) return <Skeleton active />;
  const { smtp, webhooks } = channels.data;
  return (
    <Space orientation="vertical" size="middle" style={{ display: 'flex' }} data-testid="channels-tab">
      {/* Read anew (saved), the SMTP form starts afresh from it. */}
      <SmtpCard key={JSON.stringify(smtp)} smtp={smtp} />
      <WebhooksCard webhooks={webhooks} />
    </Space>
  );
}
