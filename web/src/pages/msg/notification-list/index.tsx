import { CheckOutlined, EyeOutlined } from '@ant-design/icons';
import { App, Button, Grid, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { api, DEVICE_STATUSES, NOTIFICATION_KINDS, type NotificationRow } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { call, endpointQuery } from '@/api/call';
import { useSubmit } from '@/components/forms/useSubmit';
import type { ListControl } from '@/components/list-page/list-control';
import { ChoiceFilter } from '@/components/list-page/ChoiceFilter';
import { ListPage } from '@/components/list-page/ListPage';
import { UnreadMark } from '@/components/list-page/UnreadMark';
import { TimeRangeFilter } from '@/components/list-page/TimeRangeFilter';
import { QuerySearch } from '@/components/list-page/QuerySearch';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { tableWidth, wideOnly } from '@/components/list-page/table-width';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { statusLabel } from '@/features/devices/status';
import { NOTIFICATION_READS, notificationQueries } from '@/features/notifications/queries';
import { KindTag, NotificationStatus } from '@/features/notifications/words';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useAppState } from '@/settings/app-state';
import { NOTIFICATION_LIST, notificationQuery, READ_STATES, type NotificationFilter } from './list-spec';

/**
 * /msg/notification-list (everyone but market; issue 22): the user's notifications, newest change first, searched by
 * box number or company and filtered by type, status, read or unread and time; each with its device (a link to its
 * page), company, status and time, unread ones marked; marked read one by one or all at once, and acknowledged, which
 * stops its reminders.
 */
export default function NotificationListPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const mobile = useAppState((st) => st.device === 'mobile');
  const screens = Grid.useBreakpoint();
  const list = useListParams(NOTIFICATION_LIST);
  const rows = usePagedQuery(endpointQuery(api.msg.notifications, { query: notificationQuery(list.params) }));
  const unread = useQuery(notificationQueries.unread()).data?.count ?? 0;
  const mark = useSubmit(
    async (body: { ids: number[] } | { all: true }) => {
      await call(api.msg.markRead, { body });
    },
    { invalidates: NOTIFICATION_READS },
  );
  const ack = useSubmit(
    async (id: number) => {
      await call(api.msg.acknowledge, { params: { id } });
      void message.success(t('notifications.list.ackDone'));
    },
    { invalidates: NOTIFICATION_READS },
  );

  const columns = useMemo<TableColumnsType<NotificationRow>>(
    () => [
      {
        key: 'type',
        title: t('notifications.list.column.type'),
        width: 170,
        fixed: mobile ? undefined : 'left',
        render: (_: unknown, n) => (
          <Space size={4} wrap>
            <UnreadMark readAt={n.readAt} label={t('notifications.list.unread')} testId={`notification-unread-${n.id}`} />
            <KindTag kind={n.kind} testId={`notification-kind-${n.id}`} />
            {n.kind === 'event' && n.rule && <Typography.Text>{n.rule}</Typography.Text>}
            {n.card && <Typography.Text type="secondary">{n.card.iccid}</Typography.Text>}
          </Space>
        ),
      },
      {
        key: 'device',
        title: t('notifications.list.column.device'),
        width: 120,
        render: (_: unknown, n) => <Link to={n.path} data-testid={`notification-device-${n.id}`}>{`${n.boxId}/${n.controller}`}</Link>,
      },
      {
        key: 'company',
        title: t('notifications.list.column.company'),
        width: 180,
        ellipsis: true,
        ...wideOnly(mobile, 'md'),
        render: (_: unknown, n) => n.company || '—',
      },
      {
        key: 'status',
        title: t('notifications.list.column.status'),
        width: 150,
        render: (_: unknown, n) => (
          <Space size={4} wrap>
            <NotificationStatus kind={n.kind} status={n.status} card={n.card} testId={`notification-status-${n.id}`} />
            {n.changes > 1 && <Tag>{t('notifications.bell.flapping', { count: n.changes })}</Tag>}
          </Space>
        ),
      },
      {
        key: 'time',
        title: t('notifications.list.column.time'),
        width: 170,
        render: (_: unknown, n) => formatTime(n.lastTime, lang),
      },
      {
        key: 'actions',
        title: t('notifications.list.column.actions'),
        width: 230,
        fixed: mobile ? undefined : 'right',
        render: (_: unknown, n) => (
          <Space size={4} wrap>
            {n.readAt === null && (
              <Button
                size="small"
                icon={<EyeOutlined />}
                data-testid={`notification-read-${n.id}`}
                onClick={() => void mark.run({ ids: [n.id] })}
              >
                {t('notifications.list.markRead')}
              </Button>
            )}
            {n.ackedAt === null ? (
              <Tooltip title={n.repeating ? t('notifications.list.repeating', { pushes: n.pushes, limit: n.pushLimit }) : undefined}>
                <Button
                  size="small"
                  type="primary"
                  ghost
                  icon={<CheckOutlined />}
                  data-testid={`notification-ack-${n.id}`}
                  onClick={() => void ack.run(n.id)}
                >
                  {t('notifications.list.ack')}
                </Button>
              </Tooltip>
            ) : (
              <Tag color="success" data-testid={`notification-acked-${n.id}`}>
                {t('notifications.list.acked')}
              </Tag>
            )}
          </Space>
        ),
      },
    ],
    [t, lang, mobile, mark, ack],
  );

  return (
    <ListPage
      title={t('msg.route.notificationList')}
      extra={
        <Space wrap>
          <Typography.Text type="secondary" data-testid="notifications-unread">
            {t('notifications.list.unreadCount', { count: unread })}
          </Typography.Text>
          <Button
            data-testid="notifications-mark-all"
            disabled={unread === 0}
            loading={mark.busy}
            onClick={() => void mark.run({ all: true })}
          >
            {t('notifications.list.markAll')}
          </Button>
          <RefreshButton onClick={rows.reload} testId="notifications-reload" />
        </Space>
      }
      toolbar={<Toolbar filter={list.params.filter} list={list} />}
      list={list}
      page={rows}
      columns={columns}
      data-testid="notifications-table"
      rowKey="id"
      rowClassName={(n: NotificationRow) => (n.readAt === null ? 'dms-row-unread' : '')}
      scroll={{ x: tableWidth(columns, 120, screens) }}
      showTotal={(total) => t('notifications.list.total', { total })}
    />
  );
}

interface ToolbarProps {
  filter: NotificationFilter;
  list: ListControl<NotificationFilter>;
}

/** The list's search and filters: box number or company, type, status, read or unread, time. */
function Toolbar({ filter, list }: ToolbarProps) {
  const { t } = useI18n();
  return (
    <Space wrap className="dms-toolbar">
      <QuerySearch list={list} label={t('notifications.list.search')} testId="notifications-search" />
      <ChoiceFilter
        testId="notifications-kind"
        label={t('notifications.list.column.type')}
        width={170}
        value={filter.kind}
        values={NOTIFICATION_KINDS}
        all={t('notifications.list.allKinds')}
        labelOf={(k) => t(`notifications.kind.${k}`)}
        onChange={(kind) => {
          list.setFilter({ kind });
        }}
      />
      <ChoiceFilter
        testId="notifications-status"
        label={t('notifications.list.column.status')}
        width={170}
        value={filter.status}
        values={DEVICE_STATUSES.filter((s) => s !== 'unregistered')}
        all={t('notifications.list.allStatuses')}
        labelOf={(s) => statusLabel(t, s)}
        onChange={(status) => {
          list.setFilter({ status });
        }}
      />
      <ChoiceFilter
        testId="notifications-read"
        label={t('notifications.list.allRead')}
        value={filter.read}
        values={READ_STATES}
        all={t('notifications.list.allRead')}
        labelOf={(r) => t(`notifications.list.${r}`)}
        onChange={(read) => {
          list.setFilter({ read });
        }}
      />
      <TimeRangeFilter
        testId="notifications-range"
        label={t('notifications.list.column.time')}
        placeholder={[t('notifications.list.rangeFrom'), t('notifications.list.rangeTo')]}
        from={filter.from}
        to={filter.to}
        onChange={(range) => {
          list.setFilter(range);
        }}
      />
    </Space>
  );
}
