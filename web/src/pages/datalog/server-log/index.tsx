import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { SERVER_LOG_SOURCES, type ServerLogEntry, type ServerLogPage } from '@dms/contract';
import { useEffect, useMemo, useState } from 'react';
import { getServerLog } from '../../../api/datalog';
import { useI18n } from '../../../i18n';
import { formatTime } from '../../../lib/format-time';

type Source = (typeof SERVER_LOG_SOURCES)[number];

const LEVEL_COLOR: Record<string, string> = { fatal: 'magenta', error: 'red', warn: 'orange', info: 'blue', debug: 'default' };

/** /datalog/server-log (root): server errors and console reports, newest first, paged on the server. */
export default function ServerLogPage() {
  const { t, lang } = useI18n();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [source, setSource] = useState<Source | undefined>(undefined);
  const [reload, setReload] = useState(0);
  const [data, setData] = useState<ServerLogPage>({ total: 0, items: [] });
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    setLoading(true);
    getServerLog({ page, page_size: pageSize, ...(source ? { source } : {}) }, abort.signal)
      .then(setData)
      .catch(() => undefined) // shown by the request layer
      .finally(() => {
        if (!abort.signal.aborted) setLoading(false);
      });
    return () => abort.abort();
  }, [page, pageSize, source, reload]);

  const columns = useMemo<TableColumnsType<ServerLogEntry>>(
    () => [
      { key: 'time', title: t('serverLog.column.time'), dataIndex: 'time', width: 190, render: (v: number) => formatTime(v, lang) },
      {
        key: 'source',
        title: t('serverLog.column.source'),
        dataIndex: 'source',
        width: 110,
        render: (v: Source) => <Tag color={v === 'server' ? 'geekblue' : 'purple'}>{t(`serverLog.filter.${v}`)}</Tag>,
      },
      {
        key: 'level',
        title: t('serverLog.column.level'),
        dataIndex: 'level',
        width: 90,
        render: (v: string) => <Tag color={LEVEL_COLOR[v] ?? 'default'}>{v}</Tag>,
      },
      { key: 'message', title: t('serverLog.column.message'), dataIndex: 'message', ellipsis: true },
      {
        key: 'username',
        title: t('serverLog.column.username'),
        dataIndex: 'username',
        width: 150,
        render: (v: string | null) => v ?? <Typography.Text type="secondary">{t('serverLog.table.anonymous')}</Typography.Text>,
      },
      { key: 'url', title: t('serverLog.column.url'), dataIndex: 'url', width: 240, ellipsis: true },
    ],
    [t, lang],
  );

  return (
    <Card className="dms-server-log">
      <Space wrap className="dms-toolbar">
        <Select<Source | 'all'>
          data-testid="server-log-source"
          aria-label={t('serverLog.filter.source')}
          value={source ?? 'all'}
          style={{ minWidth: 180 }}
          options={[
            { value: 'all', label: t('serverLog.filter.all') },
            ...SERVER_LOG_SOURCES.map((s) => ({ value: s, label: t(`serverLog.filter.${s}`) })),
          ]}
          onChange={(value) => {
            setSource(value === 'all' ? undefined : value);
            setPage(1);
          }}
        />
        <Button icon={<ReloadOutlined />} onClick={() => setReload((n) => n + 1)} data-testid="server-log-reload">
          {t('common.action.refresh')}
        </Button>
      </Space>
      <Table<ServerLogEntry>
        data-testid="server-log-table"
        rowKey="id"
        columns={columns}
        dataSource={data.items}
        loading={loading}
        scroll={{ x: 900 }}
        expandable={{
          expandedRowRender: (row) =>
            row.detail ? (
              <pre className="dms-log-detail">{row.detail}</pre>
            ) : (
              <Typography.Text type="secondary">{t('serverLog.detail.none')}</Typography.Text>
            ),
        }}
        pagination={{
          current: page,
          pageSize,
          total: data.total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('serverLog.table.total', { total }),
          onChange: (nextPage, nextSize) => {
            setPage(nextSize === pageSize ? nextPage : 1);
            setPageSize(nextSize);
          },
        }}
      />
    </Card>
  );
}
