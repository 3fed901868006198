import { Alert, Descriptions, Space, Tag, Typography } from 'antd';
import type { CacheOverview } from '@dms/contract';
import { formatDuration } from '@/features/devices/registers';
import { useI18n } from '@/i18n';
import { formatSize } from '@/lib/format-size';

/** Where the state is: the Redis server with the product's prefix and channels, or this server's memory (read-only). */
export function Overview({ overview }: { overview: CacheOverview }) {
  const { t, lang } = useI18n();
  const { server } = overview;
  if (overview.mode === 'memory' || !server)
    return <Alert type="info" showIcon title={t('tools.redis.memoryMode')} data-testid="redis-memory-mode" className="dms-form-alert" />;
  return (
    <Descriptions
      data-testid="redis-server"
      size="small"
      bordered
      column={{ xs: 1, sm: 2, lg: 3 }}
      title={t('tools.redis.server.title')}
      items={[
        { key: 'version', label: t('tools.redis.server.version'), children: server.version },
        { key: 'memory', label: t('tools.redis.server.memory'), children: formatSize(server.usedMemoryBytes, lang) },
        { key: 'keys', label: t('tools.redis.server.keys'), children: server.keys.toLocaleString(lang) },
        { key: 'uptime', label: t('tools.redis.server.uptime'), children: formatDuration(server.uptimeS, t) },
        { key: 'clients', label: t('tools.redis.server.clients'), children: server.clients },
        { key: 'prefix', label: t('tools.redis.server.prefix'), children: <Typography.Text code>{overview.prefix}</Typography.Text> },
        {
          key: 'channels',
          label: t('tools.redis.server.channels'),
          span: 'filled',
          children:
            overview.channels.length === 0 ? (
              t('tools.redis.server.noChannels')
            ) : (
              <Space size={[4, 4]} wrap data-testid="redis-channels">
                {overview.channels.map((c) => (
                  <Tag key={c.name}>
                    {c.name} ({c.subscribers})
                  </Tag>
                ))}
              </Space>
            ),
        },
      ]}
    />
  );
}
