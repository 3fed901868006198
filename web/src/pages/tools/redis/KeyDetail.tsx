import { Button, Descriptions, Empty, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { api, type CacheFormat, type CacheKeyDetail, type CacheValueRow } from '@dms/contract';
import { useMemo } from 'react';
import { endpointQuery } from '@/api/call';
import { formatDuration } from '@/features/devices/registers';
import { useI18n, type TKey, type Translate } from '@/i18n';
import { formatSize } from '@/lib/format-size';
import { formatTime } from '@/lib/format-time';

/** A key's time to live as people read it: "4 min 3 s", or never. */
export function ttlText(ttlMs: number | null, t: Translate): string {
  return ttlMs === null ? t('tools.redis.never') : formatDuration(Math.ceil(ttlMs / 1000), t);
}

type Part = 'name' | 'text' | 'time';

/** The columns each format shows, by their headings (a sign-in failure has no text, a job's field no time). */
const HEADINGS: Record<CacheFormat, Partial<Record<Part, TKey>>> = {
  failures: { name: 'tools.redis.rows.failures.name', time: 'tools.redis.rows.failures.time' },
  members: { name: 'tools.redis.rows.members.name', text: 'tools.redis.rows.members.text', time: 'tools.redis.rows.members.time' },
  fields: { name: 'tools.redis.rows.fields.name', text: 'tools.redis.rows.fields.text' },
  file: { name: 'tools.redis.rows.file.name', text: 'tools.redis.rows.file.text' },
  values: { name: 'tools.redis.rows.values.name', text: 'tools.redis.rows.values.text', time: 'tools.redis.rows.values.time' },
  raw: { name: 'tools.redis.rows.raw.name', text: 'tools.redis.rows.raw.text' },
};

/** The columns of a value's rows, by its format. */
function useRowColumns(detail: CacheKeyDetail | undefined): TableColumnsType<CacheValueRow> {
  const { t, lang } = useI18n();
  return useMemo(() => {
    if (!detail) return [];
    const { format } = detail;
    const headings = HEADINGS[format];
    const columns: Record<Part, TableColumnsType<CacheValueRow>[number]> = {
      name: {
        key: 'name',
        dataIndex: 'name',
        render: (name: string) => (format === 'file' ? t(name === 'bytes' ? 'tools.redis.file.bytes' : 'tools.redis.file.kind') : name),
      },
      text: {
        key: 'text',
        dataIndex: 'text',
        render: (text: string | null, row) =>
          format === 'file' && row.name === 'bytes' ? formatSize(Number(text), lang) : <span className="dms-redis-value">{text}</span>,
      },
      time: { key: 'time', dataIndex: 'time', width: 190, render: (v: number | null) => (v === null ? '' : formatTime(v, lang)) },
    };
    return (['name', 'text', 'time'] as const).flatMap((part) => {
      const heading = headings[part];
      return heading ? [{ ...columns[part], title: t(heading) }] : [];
    });
  }, [detail, t, lang]);
}

/** One key: its facts and its value decoded, with its delete where the group allows it (the drawer of the cache tool). */
export function KeyDetail({ cacheKey, deletable, onDelete }: { cacheKey: string; deletable: boolean; onDelete: () => void }) {
  const { t, lang } = useI18n();
  const { data: detail } = useQuery(endpointQuery(api.tools.redisKey, { query: { key: cacheKey } }));
  const columns = useRowColumns(detail);
  if (!detail) return null;
  return (
    <div data-testid="redis-key-detail">
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'key', label: t('tools.redis.column.key'), children: <Typography.Text code>{detail.key}</Typography.Text> },
          { key: 'group', label: t('tools.redis.detail.group'), children: t(`tools.redis.group.${detail.group}`) },
          { key: 'type', label: t('tools.redis.column.type'), children: <Tag>{detail.type}</Tag> },
          { key: 'ttl', label: t('tools.redis.column.ttl'), children: ttlText(detail.ttlMs, t) },
          { key: 'size', label: t('tools.redis.column.size'), children: detail.bytes === null ? '' : formatSize(detail.bytes, lang) },
        ]}
      />
      <Table<CacheValueRow>
        className="dms-redis-rows"
        data-testid="redis-key-rows"
        size="small"
        rowKey={(row) => `${row.name}\n${row.text ?? ''}\n${row.time ?? ''}`}
        columns={columns}
        dataSource={detail.rows}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tools.redis.detail.noEntries')} /> }}
        footer={
          detail.total > detail.rows.length
            ? () => t('tools.redis.detail.entries', { shown: detail.rows.length, total: detail.total })
            : undefined
        }
      />
      {deletable && (
        <Button danger onClick={onDelete} data-testid="redis-key-delete" className="dms-redis-delete">
          {t('tools.redis.deleteKey')}
        </Button>
      )}
    </div>
  );
}
