import { PlusOutlined } from '@ant-design/icons';
import { Button, Grid, Popconfirm, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import {
  ANNOUNCEMENT_STATES,
  ANNOUNCEMENT_TYPES,
  api,
  type AnnouncementRow,
  type AnnouncementState,
  type AnnouncementType,
} from '@dms/contract';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { call, endpointQuery } from '@/api/call';
import { useSubmit } from '@/components/forms/useSubmit';
import { ChoiceFilter } from '@/components/list-page/ChoiceFilter';
import { DeleteRowButton } from '@/components/list-page/DeleteRowButton';
import { oneOfParam, textParam, type ListSpec } from '@/components/list-page/list-params';
import { ListPage } from '@/components/list-page/ListPage';
import { QuerySearch } from '@/components/list-page/QuerySearch';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { tableWidth, wideOnly } from '@/components/list-page/table-width';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { ANNOUNCEMENT_ADMIN } from '@/features/announcements/queries';
import { PinTag } from '@/features/announcements/words';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useAppState } from '@/settings/app-state';
import { NOTICE_CREATE_PATH, noticeEditPath } from '../paths';

interface Filter {
  q: string | undefined;
  type: AnnouncementType | undefined;
  state: AnnouncementState | undefined;
}
const LIST: ListSpec<Filter> = {
  filter: { q: textParam(64), type: oneOfParam(ANNOUNCEMENT_TYPES), state: oneOfParam(ANNOUNCEMENT_STATES) },
};
const STATE_COLOR: Record<AnnouncementState, string> = { published: 'success', withdrawn: 'default', expired: 'warning' };

/**
 * /notice/notice-list (root; issue 22): every announcement, newest first, searched by its words and filtered by type
 * and state; each with its audience, pin, expiry, how many it reaches now and how many of them read it; edited,
 * withdrawn (nobody sees it, root keeps it) and deleted.
 */
export default function NoticeListPage() {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const mobile = useAppState((st) => st.device === 'mobile');
  const screens = Grid.useBreakpoint();
  const list = useListParams(LIST);
  const { q, type, state } = list.params.filter;
  const rows = usePagedQuery(
    endpointQuery(api.notice.announcements, {
      query: {
        ...(q ? { q } : {}),
        ...(type ? { type } : {}),
        ...(state ? { state } : {}),
        page: list.params.page,
        page_size: list.params.pageSize,
      },
    }),
  );
  const withdraw = useSubmit(
    async (id: number) => {
      await call(api.notice.withdrawAnnouncement, { params: { id } });
    },
    { invalidates: ANNOUNCEMENT_ADMIN },
  );
  const rowsOnPage = rows.data.items.length;

  const columns = useMemo<TableColumnsType<AnnouncementRow>>(
    () => [
      {
        key: 'title',
        title: t('announcements.admin.column.title'),
        width: 260,
        fixed: mobile ? undefined : 'left',
        render: (_: unknown, a) => (
          <Space orientation="vertical" size={0}>
            <Link to={noticeEditPath(a.id)} data-testid={`notice-title-${a.id}`}>
              {a.title}
            </Link>
            <Typography.Text type="secondary">{a.languages.map((l) => l.toUpperCase()).join(' · ')}</Typography.Text>
          </Space>
        ),
      },
      {
        key: 'type',
        title: t('announcements.admin.column.type'),
        width: 150,
        render: (_: unknown, a) => (
          <Space size={4} wrap>
            <Tag data-testid={`notice-type-${a.id}`}>{t(`announcements.type.${a.type}`)}</Tag>
            {a.type !== 'all' && (
              <Typography.Text type="secondary">{t('announcements.admin.targets', { count: a.targets })}</Typography.Text>
            )}
          </Space>
        ),
      },
      {
        key: 'pin',
        title: t('announcements.admin.column.pin'),
        width: 130,
        render: (_: unknown, a) => <PinTag pin={a.pin} always />,
      },
      {
        key: 'state',
        title: t('announcements.admin.column.state'),
        width: 120,
        render: (_: unknown, a) => (
          <Tag color={STATE_COLOR[a.state]} data-testid={`notice-state-${a.id}`} data-state={a.state}>
            {t(`announcements.state.${a.state}`)}
          </Tag>
        ),
      },
      {
        key: 'reach',
        title: t('announcements.admin.column.reach'),
        width: 160,
        render: (_: unknown, a) => (
          <span data-testid={`notice-reach-${a.id}`} data-reached={a.reached} data-read={a.read}>
            {t('announcements.admin.reach', { reached: a.reached, read: a.read })}
          </span>
        ),
      },
      {
        key: 'expires',
        title: t('announcements.admin.column.expires'),
        width: 170,
        ...wideOnly(mobile, 'lg'),
        render: (_: unknown, a) => (a.expiresAt === null ? t('announcements.mine.never') : formatTime(a.expiresAt, lang)),
      },
      {
        key: 'created',
        title: t('announcements.admin.column.created'),
        width: 190,
        ...wideOnly(mobile, 'xl'),
        render: (_: unknown, a) => (
          <Tooltip title={a.author}>
            <span>{formatTime(a.createdAt, lang)}</span>
          </Tooltip>
        ),
      },
      {
        key: 'actions',
        title: t('announcements.admin.column.actions'),
        width: 220,
        fixed: mobile ? undefined : 'right',
        render: (_: unknown, a) => (
          <Space size={0} wrap>
            <Button type="link" size="small" data-testid={`notice-edit-${a.id}`} onClick={() => void navigate(noticeEditPath(a.id))}>
              {t('announcements.admin.edit')}
            </Button>
            {a.state === 'published' && (
              <Popconfirm
                title={t('announcements.admin.withdrawConfirm')}
                okButtonProps={{ 'data-testid': `notice-withdraw-ok-${a.id}` }}
                onConfirm={() => void withdraw.run(a.id)}
              >
                <Button type="link" size="small" data-testid={`notice-withdraw-${a.id}`}>
                  {t('announcements.admin.withdraw')}
                </Button>
              </Popconfirm>
            )}
            <DeleteRowButton
              confirm={t('announcements.admin.removeConfirm')}
              label={t('announcements.admin.remove')}
              testId={`notice-delete-${a.id}`}
              okTestId={`notice-delete-ok-${a.id}`}
              remove={() => call(api.notice.removeAnnouncement, { params: { id: a.id } })}
              deleted={t('announcements.admin.removed')}
              invalidates={ANNOUNCEMENT_ADMIN}
              list={list}
              rowsOnPage={rowsOnPage}
            />
          </Space>
        ),
      },
    ],
    [t, lang, mobile, navigate, withdraw, list, rowsOnPage],
  );

  return (
    <ListPage
      title={t('notice.route.noticeList')}
      extra={
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} data-testid="notice-create" onClick={() => void navigate(NOTICE_CREATE_PATH)}>
            {t('announcements.admin.create')}
          </Button>
          <RefreshButton onClick={rows.reload} testId="notice-reload" />
        </Space>
      }
      toolbar={
        <Space wrap className="dms-toolbar">
          <QuerySearch list={list} label={t('announcements.admin.search')} testId="notice-search" />
          <ChoiceFilter
            testId="notice-type"
            label={t('announcements.admin.column.type')}
            value={type}
            values={ANNOUNCEMENT_TYPES}
            all={t('announcements.admin.allTypes')}
            labelOf={(v) => t(`announcements.type.${v}`)}
            onChange={(v) => {
              list.setFilter({ type: v });
            }}
          />
          <ChoiceFilter
            testId="notice-state"
            label={t('announcements.admin.column.state')}
            value={state}
            values={ANNOUNCEMENT_STATES}
            all={t('announcements.admin.allStates')}
            labelOf={(v) => t(`announcements.state.${v}`)}
            onChange={(v) => {
              list.setFilter({ state: v });
            }}
          />
        </Space>
      }
      list={list}
      page={rows}
      columns={columns}
      data-testid="notice-table"
      rowKey="id"
      scroll={{ x: tableWidth(columns, 120, screens) }}
      showTotal={(total) => t('announcements.admin.total', { total })}
    />
  );
}
