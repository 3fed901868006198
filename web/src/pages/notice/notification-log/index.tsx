import { App, Button, Grid, Select, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { api, ATTEMPT_OUTCOMES, DELIVERY_CHANNELS, type AttemptOutcome, type AttemptRow, type DeliveryChannel } from '@dms/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { BoxIdFilter } from '@/components/list-page/BoxIdFilter';
import { call, endpointQuery } from '@/api/call';
import { useSubmit } from '@/components/forms/useSubmit';
import { ExportButton } from '@/components/list-page/ExportButton';
import type { ListControl } from '@/components/list-page/list-control';
import { ListPage } from '@/components/list-page/ListPage';
import { TimeRangeFilter } from '@/components/list-page/TimeRangeFilter';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { SearchInput } from '@/components/list-page/SearchInput';
import { tableWidth, wideOnly } from '@/components/list-page/table-width';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { detailPath } from '@/features/devices/links';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useAppState } from '@/settings/app-state';
import { DELIVERY_LOG_LIST, deliveriesFilter, deliveryLogQuery, type DeliveryLogFilter } from './list-spec';

const OUTCOME_COLOR: Record<AttemptOutcome, string> = { sent: 'green', retrying: 'orange', failed: 'red', skipped: 'default' };

/**
 * /notice/notification-log (root; issue 22): every attempt to deliver a notification by e-mail or webhook, newest
 * first, filtered by channel, outcome, user, box and time; each with where it went, whose and which device's it was,
 * its kind, push and attempt, its outcome and error. A delivery that failed for good is sent again from its row; the
 * list to .xlsx.
 */
export default function NotificationLogPage() {
  const { t, lang } = useI18n();
  const mobile = useAppState((st) => st.device === 'mobile');
  const screens = Grid.useBreakpoint();
  const list = useListParams(DELIVERY_LOG_LIST);
  const rows = usePagedQuery(endpointQuery(api.notice.deliveries, { query: deliveryLogQuery(list.params) }));
  const { filter } = list.params;

  const columns = useMemo<TableColumnsType<AttemptRow>>(
    () => [
      {
        key: 'time',
        title: t('notice.log.column.time'),
        width: 170,
        fixed: mobile ? undefined : 'left',
        render: (_: unknown, a) => formatTime(a.time, lang),
      },
      {
        key: 'channel',
        title: t('notice.log.column.channel'),
        width: 100,
        render: (_: unknown, a) => <span data-testid={`delivery-channel-${a.id}`}>{t(`notice.log.channels.${a.channel}`)}</span>,
      },
      {
        key: 'target',
        title: t('notice.log.column.target'),
        width: 200,
        ellipsis: { showTitle: false },
        render: (_: unknown, a) => (
          <Tooltip title={a.target}>
            <span data-testid={`delivery-target-${a.id}`}>{a.target}</span>
          </Tooltip>
        ),
      },
      {
        key: 'user',
        title: t('notice.log.column.user'),
        width: 120,
        render: (_: unknown, a) => a.username ?? '—',
      },
      {
        key: 'device',
        title: t('notice.log.column.device'),
        width: 120,
        render: (_: unknown, a) =>
          a.boxId !== null && a.controller !== null ? (
            <Link to={detailPath(null, a.boxId, a.controller)} data-testid={`delivery-device-${a.id}`}>{`${a.boxId}/${a.controller}`}</Link>
          ) : (
            '—'
          ),
      },
      {
        key: 'kind',
        title: t('notice.log.column.kind'),
        width: 130,
        render: (_: unknown, a) => (a.kind === null ? '—' : t(`notifications.kind.${a.kind}`)),
      },
      { key: 'push', title: t('notice.log.column.push'), dataIndex: 'push', width: 70, ...wideOnly(mobile, 'xl') },
      { key: 'attempt', title: t('notice.log.column.attempt'), dataIndex: 'attempt', width: 80 },
      {
        key: 'outcome',
        title: t('notice.log.column.outcome'),
        width: 110,
        render: (_: unknown, a) => (
          <Tag color={OUTCOME_COLOR[a.outcome]} data-testid={`delivery-outcome-${a.id}`} data-outcome={a.outcome}>
            {t(`notice.log.outcomes.${a.outcome}`)}
          </Tag>
        ),
      },
      {
        key: 'error',
        title: t('notice.log.column.error'),
        width: 200,
        ellipsis: { showTitle: false },
        render: (_: unknown, a) =>
          a.error === '' ? (
            <Typography.Text type="secondary">—</Typography.Text>
          ) : (
            <Tooltip title={a.error}>
              <span data-testid={`delivery-error-${a.id}`}>{a.error}</span>
            </Tooltip>
          ),
      },
      {
        key: 'actions',
        title: t('notice.log.column.actions'),
        width: 120,
        fixed: mobile ? undefined : 'right',
        render: (_: unknown, a) => (a.retryable ? <RetryButton row={a} /> : null),
      },
    ],
    [t, lang, mobile],
  );

  return (
    <ListPage
      title={t('notice.route.log')}
      extra={
        <Space wrap>
          <RefreshButton onClick={rows.reload} testId="deliveries-reload" />
          <ExportButton
            testId="deliveries-export"
            disabled={rows.data.total === 0}
            body={() => ({ kind: 'deliveries', filter: deliveriesFilter(filter) })}
          />
        </Space>
      }
      toolbar={<LogToolbar filter={filter} list={list} />}
      list={list}
      page={rows}
      columns={columns}
      data-testid="deliveries-table"
      rowKey="id"
      scroll={{ x: tableWidth(columns, 120, screens) }}
      showTotal={(total) => t('notice.log.total', { total })}
    />
  );
}

/** Sends a delivery that failed for good again: its attempts start afresh. */
function RetryButton({ row }: { row: AttemptRow }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const { busy, run } = useSubmit(
    async () => {
      await call(api.notice.retryDelivery, { params: { id: row.deliveryId } });
      void message.success(t('notice.log.retried'));
    },
    { invalidates: [api.notice.deliveries] },
  );
  return (
    <Button size="small" loading={busy} data-testid={`delivery-retry-${row.id}`} onClick={() => void run()}>
      {t('notice.log.retry')}
    </Button>
  );
}

interface LogToolbarProps {
  filter: DeliveryLogFilter;
  list: ListControl<DeliveryLogFilter>;
}

/** The log's filters: channel, outcome, user name, box number, when tried. */
function LogToolbar({ filter, list }: LogToolbarProps) {
  const { t } = useI18n();
  return (
    <Space wrap className="dms-toolbar">
      <Select<DeliveryChannel | ''>
        data-testid="deliveries-channel"
        aria-label={t('notice.log.channel')}
        style={{ width: 160 }}
        value={filter.channel ?? ''}
        options={[
          { value: '', label: t('notice.log.allChannels') },
          ...DELIVERY_CHANNELS.map((c) => ({ value: c, label: t(`notice.log.channels.${c}`) })),
        ]}
        onChange={(value) => {
          list.setFilter({ channel: value === '' ? undefined : value });
        }}
      />
      <Select<AttemptOutcome | ''>
        data-testid="deliveries-outcome"
        aria-label={t('notice.log.outcome')}
        style={{ width: 160 }}
        value={filter.outcome ?? ''}
        options={[
          { value: '', label: t('notice.log.allOutcomes') },
          ...ATTEMPT_OUTCOMES.map((o) => ({ value: o, label: t(`notice.log.outcomes.${o}`) })),
        ]}
        onChange={(value) => {
          list.setFilter({ outcome: value === '' ? undefined : value });
        }}
      />
      <SearchInput
        data-testid="deliveries-user"
        aria-label={t('notice.log.user')}
        placeholder={t('notice.log.user')}
        maxLength={20}
        style={{ width: 180 }}
        value={filter.user ?? ''}
        onSearch={(value) => {
          list.setFilter({ user: DELIVERY_LOG_LIST.filter.user.read(value) });
        }}
      />
      <BoxIdFilter
        testId="deliveries-box"
        label={t('notice.log.box')}
        width={160}
        value={filter.boxId}
        onChange={(boxId) => {
          list.setFilter({ boxId });
        }}
      />
      <TimeRangeFilter
        testId="deliveries-range"
        label={t('notice.log.range')}
        placeholder={[t('notice.log.rangeFrom'), t('notice.log.rangeTo')]}
        from={filter.from}
        to={filter.to}
        onChange={(range) => {
          list.setFilter(range);
        }}
      />
    </Space>
  );
}
