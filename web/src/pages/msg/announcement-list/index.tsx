import { EyeOutlined } from '@ant-design/icons';
import { Button, Grid, Space, Typography, type TableColumnsType } from 'antd';
import { api, type MyAnnouncement } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { call, endpointQuery } from '@/api/call';
import { useInvalidate } from '@/api/invalidate';
import { useAnnouncementEvents } from '@/api/realtime';
import { Markdown } from '@/components/Markdown';
import { useSubmit } from '@/components/forms/useSubmit';
import { ChoiceFilter } from '@/components/list-page/ChoiceFilter';
import { oneOfParam, type ListSpec } from '@/components/list-page/list-params';
import { ListPage } from '@/components/list-page/ListPage';
import { UnreadMark } from '@/components/list-page/UnreadMark';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { tableWidth } from '@/components/list-page/table-width';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { ANNOUNCEMENT_READS, announcementQueries } from '@/features/announcements/queries';
import { PinTag } from '@/features/announcements/words';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';

const READ_STATES = ['read', 'unread'] as const;
type ReadState = (typeof READ_STATES)[number];
const LIST: ListSpec<{ read: ReadState | undefined }> = { filter: { read: oneOfParam(READ_STATES) } };

/**
 * /msg/announcement-list (everyone but market; issue 22): the announcements for the user, super top first, then top,
 * then newest; withdrawn and expired ones are not shown. Unread ones are marked; opening one (or "Mark read") reads it.
 */
export default function AnnouncementListPage() {
  const { t, lang } = useI18n();
  const screens = Grid.useBreakpoint();
  const invalidate = useInvalidate();
  const list = useListParams(LIST);
  const { read } = list.params.filter;
  const rows = usePagedQuery(
    endpointQuery(api.msg.myAnnouncements, {
      query: { ...(read ? { read } : {}), page: list.params.page, page_size: list.params.pageSize },
    }),
  );
  const unread = useQuery(announcementQueries.unread()).data?.total ?? 0;
  useAnnouncementEvents(() => void invalidate(ANNOUNCEMENT_READS));
  const [open, setOpen] = useState<readonly number[]>([]);
  const mark = useSubmit(
    async (id: number) => {
      await call(api.msg.readAnnouncement, { params: { id } });
    },
    { invalidates: ANNOUNCEMENT_READS },
  );

  const columns = useMemo<TableColumnsType<MyAnnouncement>>(
    () => [
      {
        key: 'title',
        title: t('announcements.mine.column.title'),
        render: (_: unknown, a) => (
          <Space size={4} wrap>
            <UnreadMark readAt={a.readAt} label={t('announcements.mine.unread')} testId={`announcement-unread-${a.id}`} />
            <PinTag pin={a.pin} testId={`announcement-pin-${a.id}`} />
            <Typography.Text strong={a.readAt === null} data-testid={`announcement-title-${a.id}`}>
              {a.title}
            </Typography.Text>
          </Space>
        ),
      },
      {
        key: 'published',
        title: t('announcements.mine.column.published'),
        width: 170,
        render: (_: unknown, a) => formatTime(a.createdAt, lang),
      },
      {
        key: 'expires',
        title: t('announcements.mine.column.expires'),
        width: 170,
        render: (_: unknown, a) => (a.expiresAt === null ? t('announcements.mine.never') : formatTime(a.expiresAt, lang)),
      },
      {
        key: 'actions',
        title: '',
        width: 140,
        render: (_: unknown, a) =>
          a.readAt === null && (
            <Button size="small" icon={<EyeOutlined />} data-testid={`announcement-read-${a.id}`} onClick={() => void mark.run(a.id)}>
              {t('announcements.mine.markRead')}
            </Button>
          ),
      },
    ],
    [t, lang, mark],
  );

  return (
    <ListPage
      title={t('msg.route.announcementList')}
      extra={
        <Space wrap>
          <Typography.Text type="secondary" data-testid="announcements-unread">
            {t('announcements.mine.unreadCount', { count: unread })}
          </Typography.Text>
          <RefreshButton onClick={rows.reload} testId="announcements-reload" />
        </Space>
      }
      toolbar={
        <Space wrap className="dms-toolbar">
          <ChoiceFilter
            testId="announcements-read"
            label={t('announcements.mine.allRead')}
            width={170}
            value={read}
            values={READ_STATES}
            all={t('announcements.mine.allRead')}
            labelOf={(r) => t(`announcements.mine.${r}`)}
            onChange={(r) => {
              list.setFilter({ read: r });
            }}
          />
        </Space>
      }
      list={list}
      page={rows}
      columns={columns}
      data-testid="announcements-table"
      rowKey="id"
      rowClassName={(a: MyAnnouncement) => (a.readAt === null ? 'dms-row-unread' : '')}
      locale={{ emptyText: t('announcements.mine.empty') }}
      expandable={{
        expandRowByClick: true,
        expandedRowKeys: open,
        onExpand: (expanded, a) => {
          setOpen((keys) => (expanded ? [...keys, a.id] : keys.filter((k) => k !== a.id)));
          if (expanded && a.readAt === null) void mark.run(a.id);
        },
        expandedRowRender: (a) => <Markdown text={a.body} data-testid={`announcement-body-${a.id}`} />,
      }}
      scroll={{ x: tableWidth(columns, 360, screens) }}
      showTotal={(total) => t('announcements.mine.total', { total })}
    />
  );
}
