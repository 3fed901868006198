import { Grid, Select, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { api, EVENT_STATES, type EventRow } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { endpointQuery } from '@/api/call';
import { ExportButton } from '@/components/list-page/ExportButton';
import type { ListControl } from '@/components/list-page/list-control';
import { ListPage } from '@/components/list-page/ListPage';
import { TimeRangeFilter } from '@/components/list-page/TimeRangeFilter';
import { QuerySearch } from '@/components/list-page/QuerySearch';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { tableWidth, wideOnly } from '@/components/list-page/table-width';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { detailPath } from '@/features/devices/links';
import { EventActions } from '@/features/events/EventActions';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useNow } from '@/lib/useNow';
import { useAppState } from '@/settings/app-state';
import { ruleEditPath } from '../paths';
import { eventQueries } from '../queries';
import { SeverityTag } from '@/features/events/SeverityTag';
import { SeverityFilter } from '../SeverityFilter';
import { durationWords, numberWords } from '../words';
import { EVENT_LOG_LIST, eventLogQuery, eventsFilter, YES_NO, type EventLogFilter } from './list-spec';

/**
 * /events/events-log (root; issue 21): the events the rules started, newest first, searched by box number or company
 * and filtered by rule, severity, state, acknowledgement and when they started; each with its device (a link to its
 * page), rule and version, text, start and end (or in progress), duration, value at start and peak, who acknowledged
 * it, whom it is given to and its comments; acknowledged, commented on and assigned in place; the list to .xlsx.
 */
export default function EventsLogPage() {
  const { t, lang } = useI18n();
  const mobile = useAppState((st) => st.device === 'mobile');
  const screens = Grid.useBreakpoint();
  const list = useListParams(EVENT_LOG_LIST);
  const rows = usePagedQuery(endpointQuery(api.events.log, { query: eventLogQuery(list.params) }));
  const rules = useQuery(eventQueries.ruleOptions());
  const { filter } = list.params;
  // An event in progress lasts as long as the page is open: its duration moves on every half minute.
  const now = useNow(30_000);

  const columns = useMemo<TableColumnsType<EventRow>>(() => {
    const value = (e: EventRow, v: number | null, testId: string) => {
      if (e.withheld) {
        return (
          <Typography.Text type="secondary" data-testid={testId} data-withheld="true">
            {t('events.log.withheld')}
          </Typography.Text>
        );
      }
      if (v === null) return <span data-testid={testId}>—</span>;
      return <span data-testid={testId}>{e.unit ? `${numberWords(v, lang)} ${e.unit}` : numberWords(v, lang)}</span>;
    };
    return [
      {
        key: 'device',
        title: t('events.log.column.device'),
        width: 170,
        fixed: mobile ? undefined : 'left',
        render: (_: unknown, e) => (
          <Space orientation="vertical" size={0}>
            <Link to={detailPath(null, e.boxId, e.controller)} data-testid={`event-device-${e.id}`}>{`${e.boxId}/${e.controller}`}</Link>
            {e.company && (
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 150 }}>
                {e.company}
              </Typography.Text>
            )}
          </Space>
        ),
      },
      {
        key: 'rule',
        title: t('events.log.column.rule'),
        width: 190,
        render: (_: unknown, e) => (
          <Link to={ruleEditPath(e.ruleId)} data-testid={`event-rule-${e.id}`}>
            {`${e.ruleName} (v${e.ruleVersion})`}
          </Link>
        ),
      },
      {
        key: 'severity',
        title: t('events.log.column.severity'),
        width: 110,
        render: (_: unknown, e) => <SeverityTag severity={e.severity} testId={`event-severity-${e.id}`} />,
      },
      {
        key: 'text',
        title: t('events.log.column.text'),
        width: 260,
        ellipsis: { showTitle: false },
        render: (_: unknown, e) =>
          e.text === null ? (
            <Typography.Text type="secondary">{t('events.log.withheld')}</Typography.Text>
          ) : (
            <Tooltip title={e.text}>
              <span data-testid={`event-text-${e.id}`}>{e.text}</span>
            </Tooltip>
          ),
      },
      { key: 'start', title: t('events.log.column.start'), width: 170, render: (_: unknown, e) => formatTime(e.startedAt, lang) },
      {
        key: 'end',
        title: t('events.log.column.end'),
        width: 170,
        render: (_: unknown, e) =>
          e.endedAt === null ? (
            <Tag color="processing" data-testid={`event-state-${e.id}`} data-state="active">
              {t('events.log.inProgress')}
            </Tag>
          ) : (
            <span data-testid={`event-state-${e.id}`} data-state="ended">
              {formatTime(e.endedAt, lang)}
            </span>
          ),
      },
      {
        key: 'duration',
        title: t('events.log.column.duration'),
        width: 130,
        render: (_: unknown, e) => durationWords(Math.max(0, (e.endedAt ?? now) - e.startedAt) / 1000, lang),
      },
      {
        key: 'startValue',
        title: t('events.log.column.startValue'),
        width: 120,
        render: (_: unknown, e) => value(e, e.startValue, `event-start-value-${e.id}`),
      },
      { key: 'peak', title: t('events.log.column.peak'), width: 120, render: (_: unknown, e) => value(e, e.peak, `event-peak-${e.id}`) },
      {
        key: 'acked',
        title: t('events.log.column.acked'),
        width: 180,
        ...wideOnly(mobile, 'lg'),
        render: (_: unknown, e) =>
          e.ackBy === null ? (
            <Typography.Text type="secondary" data-testid={`event-acked-${e.id}`} data-acked="false">
              {t('events.log.notAcked')}
            </Typography.Text>
          ) : (
            <Space orientation="vertical" size={0} data-testid={`event-acked-${e.id}`} data-acked="true">
              <span>{e.ackBy}</span>
              {e.ackAt !== null && <Typography.Text type="secondary">{formatTime(e.ackAt, lang)}</Typography.Text>}
            </Space>
          ),
      },
      {
        key: 'assignee',
        title: t('events.log.column.assignee'),
        width: 120,
        ...wideOnly(mobile, 'xl'),
        render: (_: unknown, e) => <span data-testid={`event-assignee-${e.id}`}>{e.assignee ?? '—'}</span>,
      },
      {
        key: 'comments',
        title: t('events.log.column.comments'),
        width: 100,
        ...wideOnly(mobile, 'xl'),
        render: (_: unknown, e) => <span data-testid={`event-comments-${e.id}`}>{e.comments.length}</span>,
      },
      {
        key: 'actions',
        title: t('events.log.column.actions'),
        width: 230,
        fixed: mobile ? undefined : 'right',
        render: (_: unknown, e) => <EventActions event={e} canAssign />,
      },
    ];
  }, [t, lang, mobile, now]);

  return (
    <ListPage
      title={t('events.route.log')}
      extra={
        <Space wrap>
          <RefreshButton onClick={rows.reload} testId="events-reload" />
          <ExportButton
            testId="events-export"
            disabled={rows.data.total === 0}
            body={() => ({ kind: 'events', filter: eventsFilter(filter) })}
          />
        </Space>
      }
      toolbar={<LogToolbar filter={filter} list={list} rules={rules.data?.items ?? []} rulesLoading={rules.isPending} />}
      list={list}
      page={rows}
      columns={columns}
      data-testid="events-table"
      rowKey="id"
      scroll={{ x: tableWidth(columns, 120, screens) }}
      showTotal={(total) => t('events.log.total', { total })}
    />
  );
}

interface LogToolbarProps {
  filter: EventLogFilter;
  list: ListControl<EventLogFilter>;
  rules: ReadonlyArray<{ id: number; name: string }>;
  rulesLoading: boolean;
}

/** The log's search and filters: box number or company, rule, severity, state, acknowledgement, when started. */
function LogToolbar({ filter, list, rules, rulesLoading }: LogToolbarProps) {
  const { t } = useI18n();
  return (
    <Space wrap className="dms-toolbar">
      <QuerySearch list={list} label={t('events.log.search')} testId="events-search" />
      <Select<number>
        data-testid="events-rule"
        aria-label={t('events.log.column.rule')}
        style={{ width: 220 }}
        loading={rulesLoading}
        value={filter.ruleId ?? 0}
        showSearch={{ optionFilterProp: 'label' }}
        options={[{ value: 0, label: t('events.log.allRules') }, ...rules.map((r) => ({ value: r.id, label: r.name }))]}
        onChange={(value) => {
          list.setFilter({ ruleId: value === 0 ? undefined : value });
        }}
      />
      <SeverityFilter
        value={filter.severity}
        onChange={(severity) => {
          list.setFilter({ severity });
        }}
        label={t('events.log.column.severity')}
        testId="events-severity"
      />
      <Select<(typeof EVENT_STATES)[number] | ''>
        data-testid="events-state"
        aria-label={t('events.log.state')}
        style={{ width: 160 }}
        value={filter.state ?? ''}
        options={[
          { value: '', label: t('events.log.allStates') },
          ...EVENT_STATES.map((s) => ({ value: s, label: t(`events.log.states.${s}`) })),
        ]}
        onChange={(value) => {
          list.setFilter({ state: value === '' ? undefined : value });
        }}
      />
      <Select<(typeof YES_NO)[number] | ''>
        data-testid="events-acked"
        aria-label={t('events.log.column.acked')}
        style={{ width: 180 }}
        value={filter.acked ?? ''}
        options={[
          { value: '', label: t('events.log.allAcked') },
          { value: 'true', label: t('events.log.acked') },
          { value: 'false', label: t('events.log.notAckedFilter') },
        ]}
        onChange={(value) => {
          list.setFilter({ acked: value === '' ? undefined : value });
        }}
      />
      <TimeRangeFilter
        testId="events-range"
        label={t('events.log.range')}
        placeholder={[t('events.log.rangeFrom'), t('events.log.rangeTo')]}
        from={filter.from}
        to={filter.to}
        onChange={(range) => {
          list.setFilter(range);
        }}
      />
    </Space>
  );
}
