import { Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { SERVER_LOG_SOURCES, type ServerLogEntry } from '@dms/contract';
import { useMemo } from 'react';
import { ListPage } from '../../../components/list-page/ListPage';
import { RefreshButton } from '../../../components/list-page/RefreshButton';
import { usePagedQuery } from '../../../components/list-page/usePagedQuery';
import { useListParams } from '../../../components/list-page/useListParams';
import { useI18n } from '../../../i18n';
import { formatTime } from '../../../lib/format-time';
import { datalogQueries } from '../../../queries/datalog';
import { SERVER_LOG_LIST, serverLogQuery, type Source } from './list-spec';

const LEVEL_COLOR: Record<string, string> = { fatal: 'magenta', error: 'red', warn: 'orange', info: 'blue', debug: 'default' };

/** /datalog/server-log (root): server errors and console reports, newest first, paged on the server. */
export default function ServerLogPage() {
  const { t, lang } = useI18n();
  const list = useListParams(SERVER_LOG_LIST);
  const page = usePagedQuery(datalogQueries.serverLog(serverLogQuery(list.params)));
  const { source } = list.params.filter;

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
    <ListPage
      className="dms-server-log"
      toolbar={
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
              list.setFilter({ source: value === 'all' ? undefined : value });
            }}
          />
          <RefreshButton onClick={page.reload} testId="server-log-reload" />
        </Space>
      }
      list={list}
      page={page}
      columns={columns}
      data-testid="server-log-table"
      rowKey="id"
      scroll={{ x: 900 }}
      expandable={{
        expandedRowRender: (row) =>
          row.detail ? (
            <pre className="dms-log-detail">{row.detail}</pre>
          ) : (
            <Typography.Text type="secondary">{t('serverLog.detail.none')}</Typography.Text>
          ),
      }}
      showTotal={(total) => t('serverLog.table.total', { total })}
    />
  );
}
