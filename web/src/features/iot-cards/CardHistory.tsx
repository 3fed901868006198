import { Card, Empty, Table, Typography, type TableColumnsType } from 'antd';
import { api, type CardChange } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { endpointQuery } from '@/api/call';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';

/** A box's IoT card changes as its hellos reported them, newest first (the box page; issue 22). */
export function CardHistory({ boxId }: { boxId: number }) {
  const { t, lang } = useI18n();
  const history = useQuery(endpointQuery(api.iotCard.history, { query: { boxId } }));
  const columns = useMemo<TableColumnsType<CardChange>>(
    () => [
      { key: 'at', title: t('iotCards.history.at'), width: 170, render: (_: unknown, c) => formatTime(c.at, lang) },
      {
        key: 'from',
        title: t('iotCards.history.from'),
        width: 200,
        render: (_: unknown, c) => c.from ?? <Typography.Text type="secondary">—</Typography.Text>,
      },
      {
        key: 'to',
        title: t('iotCards.history.to'),
        width: 200,
        render: (_: unknown, c) => <Typography.Text copyable>{c.to}</Typography.Text>,
      },
    ],
    [t, lang],
  );
  return (
    <Card size="small" title={t('iotCards.history.title')}>
      <Table<CardChange>
        rowKey={(c) => `${c.at}-${c.to}`}
        size="small"
        loading={history.isPending}
        columns={columns}
        dataSource={history.data ?? []}
        pagination={{ pageSize: 10, size: 'small', hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('iotCards.history.empty')} /> }}
        data-testid="box-card-history"
      />
    </Card>
  );
}
