import { App, Button, Popconfirm, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { api, type SessionItem } from '@dms/contract';
import { useMemo, type ReactNode } from 'react';
import { call, endpointQuery } from '@/api/call';
import { useInvalidate } from '@/api/invalidate';
import { DeleteRowButton } from '@/components/list-page/DeleteRowButton';
import type { ListControl } from '@/components/list-page/list-control';
import { textParam, type ListSpec } from '@/components/list-page/list-params';
import { ListPage } from '@/components/list-page/ListPage';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery, type PagedQuery } from '@/components/list-page/usePagedQuery';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { browserOf } from './browser';

export interface SessionFilter {
  q: string | undefined;
}

/** The sessions' list as the URL keeps it: root's search in user names (`?q=`); one's own list has no filter. */
export const SESSION_LIST: ListSpec<SessionFilter> = { filter: { q: textParam(64) } };

/** What ending a session changes: both lists. */
export const SESSION_READS = [api.user.sessions, api.tools.sessions];

/**
 * The columns of a sessions list: the user (root's list), browser and system, address, signed in, last active, and
 * End (with a confirm) on every session but the current one, which is marked instead.
 */
export function useSessionColumns(list: ListControl<SessionFilter>, rowsOnPage: number, withUser: boolean) {
  const { t, lang } = useI18n();
  return useMemo<TableColumnsType<SessionItem>>(
    () => [
      ...(withUser ? [{ key: 'user', title: t('sessions.column.user'), dataIndex: 'username', width: 160 }] : []),
      {
        key: 'browser',
        title: t('sessions.column.browser'),
        render: (_: unknown, s: SessionItem) => {
          const named = browserOf(s.userAgent);
          return (
            <Space orientation="vertical" size={0}>
              <Space size={4} wrap>
                <span>{named.browser || t('sessions.unknownBrowser')}</span>
                {s.current && <Tag color="green">{t('sessions.current')}</Tag>}
              </Space>
              {named.system && <Typography.Text type="secondary">{named.system}</Typography.Text>}
            </Space>
          );
        },
      },
      { key: 'ip', title: t('sessions.column.address'), dataIndex: 'ip', width: 150 },
      {
        key: 'createdAt',
        title: t('sessions.column.signedIn'),
        dataIndex: 'createdAt',
        width: 180,
        render: (v: number) => formatTime(v, lang),
      },
      {
        key: 'lastActiveAt',
        title: t('sessions.column.lastActive'),
        dataIndex: 'lastActiveAt',
        width: 180,
        render: (v: number) => formatTime(v, lang),
      },
      {
        key: 'actions',
        title: '',
        width: 90,
        render: (_: unknown, s: SessionItem) =>
          s.current ? null : (
            <DeleteRowButton
              confirm={t('sessions.endConfirm')}
              label={t('sessions.end')}
              testId={`session-end-${s.id}`}
              okTestId="session-end-ok"
              remove={() => call(api.user.endSession, { body: { id: s.id } })}
              deleted={t('sessions.ended')}
              invalidates={SESSION_READS}
              list={list}
              rowsOnPage={rowsOnPage}
            />
          ),
      },
    ],
    [t, lang, withUser, list, rowsOnPage],
  );
}

/** The profile's card: one's own signed-in sessions, each ended on its own or all but this one at once. */
export function MySessions() {
  const { t } = useI18n();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const list = useListParams(SESSION_LIST);
  const { page, pageSize } = list.params;
  const rows = usePagedQuery(endpointQuery(api.user.sessions, { query: { page, page_size: pageSize } }));
  const endOthers = async () => {
    const { ended } = await call(api.user.endOtherSessions, {});
    void message.success(t('sessions.endedOthers', { count: ended }));
    void invalidate(SESSION_READS);
  };
  return (
    <SessionListPage
      title={t('sessions.title')}
      extra={
        <Space wrap>
          <RefreshButton onClick={rows.reload} testId="sessions-reload" />
          <Popconfirm
            title={t('sessions.endOthersConfirm')}
            okButtonProps={{ danger: true, 'data-testid': 'sessions-end-others-ok' }}
            onConfirm={() => void endOthers()}
          >
            <Button danger disabled={rows.data.total <= 1} data-testid="sessions-end-others">
              {t('sessions.endOthers')}
            </Button>
          </Popconfirm>
        </Space>
      }
      list={list}
      rows={rows}
      withUser={false}
    />
  );
}

export interface SessionListPageProps {
  title: ReactNode;
  extra: ReactNode;
  toolbar?: ReactNode;
  list: ListControl<SessionFilter>;
  rows: PagedQuery<SessionItem>;
  /** Root's list of every user's sessions names the user of each. */
  withUser: boolean;
}

/** A sessions list: one's own (MySessions) or every user's (/tools/sessions). */
export function SessionListPage({ title, extra, toolbar, list, rows, withUser }: SessionListPageProps) {
  const { t } = useI18n();
  const columns = useSessionColumns(list, rows.data.items.length, withUser);
  return (
    <ListPage
      className="dms-sessions"
      title={title}
      extra={extra}
      toolbar={toolbar}
      list={list}
      page={rows}
      columns={columns}
      rowKey="id"
      data-testid="sessions-table"
      scroll={{ x: withUser ? 920 : 760 }}
      showTotal={(total) => t('sessions.total', { total })}
    />
  );
}
