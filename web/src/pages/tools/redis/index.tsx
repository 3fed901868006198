import { Badge, Button, Drawer, Empty, Segmented, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { api, CACHE_GROUPS, CACHE_SCAN_LIMIT, type CacheKeyInfo } from '@dms/contract';
import { useMemo, useState } from 'react';
import { endpointQuery } from '@/api/call';
import { ListPage } from '@/components/list-page/ListPage';
import { QuerySearch } from '@/components/list-page/QuerySearch';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { tableWidth } from '@/components/list-page/table-width';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useI18n } from '@/i18n';
import { formatSize } from '@/lib/format-size';
import { useAppState } from '@/settings/app-state';
import { KeyDetail, ttlText } from './KeyDetail';
import { KEY_LIST, keysQuery, SEARCH_MAX } from './list-spec';
import { Overview } from './Overview';
import { useCacheDelete } from './useCacheDelete';
import './redis.css';

/**
 * /tools/redis (root; spec 2, issue 26): the product's shared state. With REDIS_URL, the Redis server, its channels
 * and the keys of each of the product's groups (never others), each key's value decoded, and deletes confirmed with
 * what they delete; without it, what this server keeps in memory in their stead, read-only, and said so. Reading a
 * key and every delete go to the operation log (docs/api.md "The cache tool").
 */
export default function RedisToolPage() {
  const { t, lang } = useI18n();
  const mobile = useAppState((st) => st.device === 'mobile');
  const list = useListParams(KEY_LIST);
  const { group, q } = list.params.filter;
  const overview = useQuery(endpointQuery(api.tools.redisOverview));
  const rows = usePagedQuery(endpointQuery(api.tools.redisKeys, { query: keysQuery(list.params) }));
  const [open, setOpen] = useState<string | null>(null);
  const { deleteKey, deleteMatching } = useCacheDelete(() => {
    setOpen(null);
  });
  const info = overview.data?.groups.find((g) => g.group === group);
  const deletable = info?.deletable ?? false;

  const columns = useMemo<TableColumnsType<CacheKeyInfo>>(
    () => [
      {
        key: 'key',
        title: t('tools.redis.column.key'),
        dataIndex: 'key',
        render: (key: string) => (
          <Button
            type="link"
            size="small"
            className="dms-redis-value"
            onClick={() => {
              setOpen(key);
            }}
            data-testid={`redis-key-${key}`}
          >
            {key}
          </Button>
        ),
      },
      { key: 'type', title: t('tools.redis.column.type'), dataIndex: 'type', width: 90, render: (v: string) => <Tag>{v}</Tag> },
      { key: 'ttl', title: t('tools.redis.column.ttl'), dataIndex: 'ttlMs', width: 150, render: (v: number | null) => ttlText(v, t) },
      {
        key: 'size',
        title: t('tools.redis.column.size'),
        dataIndex: 'bytes',
        width: 100,
        align: 'right',
        render: (v: number | null) => (v === null ? '' : formatSize(v, lang)),
      },
      ...(deletable
        ? [
            {
              key: 'actions',
              title: '',
              width: 90,
              render: (_: unknown, r: CacheKeyInfo) => (
                <Button type="link" size="small" danger onClick={() => void deleteKey(r.key)} data-testid={`redis-delete-${r.key}`}>
                  {t('tools.redis.deleteKey')}
                </Button>
              ),
            },
          ]
        : []),
    ],
    [t, lang, deletable, deleteKey],
  );

  const reload = () => {
    rows.reload();
    void overview.refetch();
  };

  return (
    <div data-testid="redis-tool">
      {overview.data && <Overview overview={overview.data} />}
      <ListPage
        className="dms-redis-keys"
        title={t('tools.route.redis')}
        extra={
          <Space wrap>
            <RefreshButton onClick={reload} testId="redis-reload" />
            {deletable && (
              <Button
                danger
                disabled={rows.data.total === 0}
                onClick={() => void deleteMatching(group, q ?? '')}
                data-testid="redis-delete-listed"
              >
                {t('tools.redis.deleteListed')}
              </Button>
            )}
          </Space>
        }
        toolbar={
          <>
            <div className="dms-redis-groups">
              <Segmented
                data-testid="redis-groups"
                value={group}
                onChange={(next) => {
                  list.setFilter({ group: next, q: undefined });
                }}
                options={CACHE_GROUPS.map((g) => {
                  const count = overview.data?.groups.find((x) => x.group === g);
                  return {
                    value: g,
                    label: (
                      <span data-testid={`redis-group-${g}`}>
                        {t(`tools.redis.group.${g}`)}{' '}
                        {count && (
                          <Badge
                            count={count.capped ? `${CACHE_SCAN_LIMIT}+` : count.keys}
                            showZero
                            color="#8c8c8c"
                            overflowCount={CACHE_SCAN_LIMIT}
                          />
                        )}
                      </span>
                    ),
                  };
                })}
              />
            </div>
            <Typography.Paragraph type="secondary" className="dms-redis-keys" data-testid="redis-group-help">
              {info && <Tag color={info.where === 'redis' ? 'red' : 'blue'}>{t(`tools.redis.where.${info.where}`)}</Tag>}
              {info && <Typography.Text code>{info.pattern}</Typography.Text>} {t(`tools.redis.groupHelp.${group}`)}
            </Typography.Paragraph>
            <Space wrap className="dms-toolbar">
              <QuerySearch list={list} label={t('tools.redis.search')} testId="redis-search" maxLength={SEARCH_MAX} width={280} />
            </Space>
            {rows.answer?.capped && (
              <Typography.Paragraph type="warning" data-testid="redis-capped">
                {t('tools.redis.capped', { limit: CACHE_SCAN_LIMIT })}
              </Typography.Paragraph>
            )}
          </>
        }
        list={list}
        page={rows}
        columns={columns}
        data-testid="redis-keys"
        rowKey="key"
        scroll={{ x: tableWidth(columns, 360) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tools.redis.empty')} /> }}
        showTotal={(total) => t('tools.redis.total', { total })}
      />
      <Drawer
        open={open !== null}
        onClose={() => {
          setOpen(null);
        }}
        size={mobile ? '100%' : 720}
        destroyOnHidden
        title={t('tools.redis.detail.title')}
      >
        {open !== null && <KeyDetail cacheKey={open} deletable={deletable} onDelete={() => void deleteKey(open)} />}
      </Drawer>
    </div>
  );
}
