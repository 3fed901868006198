import { Segmented, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { endpointQuery } from '@/api/call';
import { api, type ClientErrorEntry, type Language, type ServerLogEntry } from '@dms/contract';
import { useMemo } from 'react';
import type { ListControl } from '@/components/list-page/list-control';
import { ListPage } from '@/components/list-page/ListPage';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useListParams } from '@/components/list-page/useListParams';
import { useI18n, type Translate } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { clientErrorsQuery, LOG_VIEWS, SERVER_LOG_LIST, serverLogQuery, type LogView, type ServerLogFilter } from './list-spec';

const LEVEL_COLOR: Record<string, string> = { fatal: 'magenta', error: 'red', warn: 'orange', info: 'blue', debug: 'default' };

type LogList = ListControl<ServerLogFilter>;

/** The switch between the server's errors and the consoles' reports, and the reload of the list shown. */
function Toolbar({ list, onReload }: { list: LogList; onReload: () => void }) {
  const { t } = useI18n();
  return (
    <Space wrap className="dms-toolbar">
      <Segmented<LogView>
        data-testid="server-log-view"
        aria-label={t('serverLog.view.label')}
        value={list.params.filter.source}
        onChange={(source) => {
          list.setFilter({ source });
        }}
        options={LOG_VIEWS.map((view) => ({
          value: view,
          label: <span data-testid={`server-log-view-${view}`}>{t(`serverLog.view.${view}`)}</span>,
        }))}
      />
      <RefreshButton onClick={onReload} testId="server-log-reload" />
    </Space>
  );
}

function Detail({ detail }: { detail: string }) {
  const { t } = useI18n();
  return detail ? (
    <pre className="dms-log-detail">{detail}</pre>
  ) : (
    <Typography.Text type="secondary">{t('serverLog.detail.none')}</Typography.Text>
  );
}

/** The columns both views share: when, what, who and where. */
function sharedColumns(t: Translate, lang: Language) {
  return {
    time: { key: 'time', title: t('serverLog.column.time'), dataIndex: 'time', width: 190, render: (v: number) => formatTime(v, lang) },
    message: { key: 'message', title: t('serverLog.column.message'), dataIndex: 'message', ellipsis: true },
    username: {
      key: 'username',
      title: t('serverLog.column.username'),
      dataIndex: 'username',
      width: 150,
      render: (v: string | null) => v ?? <Typography.Text type="secondary">{t('serverLog.table.anonymous')}</Typography.Text>,
    },
    url: { key: 'url', title: t('serverLog.column.url'), dataIndex: 'url', width: 240, ellipsis: true },
  } as const;
}

/** The server's own errors (5xx with their stacks), newest first. */
function ServerErrors({ list }: { list: LogList }) {
  const { t, lang } = useI18n();
  const page = usePagedQuery(endpointQuery(api.datalog.serverLog, { query: serverLogQuery(list.params) }));
  const columns = useMemo<TableColumnsType<ServerLogEntry>>(() => {
    const c = sharedColumns(t, lang);
    return [
      c.time,
      {
        key: 'level',
        title: t('serverLog.column.level'),
        dataIndex: 'level',
        width: 90,
        render: (v: string) => <Tag color={LEVEL_COLOR[v] ?? 'default'}>{v}</Tag>,
      },
      c.message,
      c.username,
      c.url,
    ];
  }, [t, lang]);
  return (
    <ListPage
      className="dms-server-log"
      title={t('datalog.route.serverLog')}
      toolbar={<Toolbar list={list} onReload={page.reload} />}
      list={list}
      page={page}
      columns={columns}
      data-testid="server-log-table"
      rowKey="id"
      scroll={{ x: 900 }}
      expandable={{ expandedRowRender: (row) => <Detail detail={row.detail} /> }}
      showTotal={(total) => t('serverLog.table.total', { total })}
    />
  );
}

/** The errors signed-in consoles reported (their own capped store), newest first. */
function ConsoleErrors({ list }: { list: LogList }) {
  const { t, lang } = useI18n();
  const page = usePagedQuery(endpointQuery(api.datalog.clientErrors, { query: clientErrorsQuery(list.params) }));
  const columns = useMemo<TableColumnsType<ClientErrorEntry>>(() => {
    const c = sharedColumns(t, lang);
    return [
      c.time,
      c.message,
      c.username,
      c.url,
      { key: 'user_agent', title: t('serverLog.column.userAgent'), dataIndex: 'user_agent', width: 200, ellipsis: true },
    ];
  }, [t, lang]);
  return (
    <ListPage
      className="dms-server-log"
      title={t('datalog.route.serverLog')}
      toolbar={
        <>
          <Toolbar list={list} onReload={page.reload} />
          <Typography.Paragraph type="secondary" data-testid="server-log-console-hint">
            {t('serverLog.hint.console')}
          </Typography.Paragraph>
        </>
      }
      list={list}
      page={page}
      columns={columns}
      data-testid="server-log-table"
      rowKey="id"
      scroll={{ x: 900 }}
      expandable={{ expandedRowRender: (row) => <Detail detail={row.detail} /> }}
      showTotal={(total) => t('serverLog.table.total', { total })}
    />
  );
}

/**
 * /datalog/server-log (root): the server's own errors, or (`?source=console`) the errors signed-in consoles reported,
 * kept apart so that a flood of reports cannot push the server's errors out; both newest first, paged on the server.
 */
export default function ServerLogPage() {
  const list = useListParams(SERVER_LOG_LIST);
  return list.params.filter.source === 'console' ? <ConsoleErrors list={list} /> : <ServerErrors list={list} />;
}
