import { Descriptions, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { endpointQuery } from '@/api/call';
import {
  api,
  message,
  operationActionMessage,
  OPERATION_ACTIONS,
  type Language,
  type OperationAction,
  type OperationLogEntry,
} from '@dms/contract';
import { useMemo } from 'react';
import { ListPage } from '@/components/list-page/ListPage';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { SearchInput } from '@/components/list-page/SearchInput';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useListParams } from '@/components/list-page/useListParams';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { OPERATION_LOG_LIST, operationLogQuery } from './list-spec';

function isAction(value: string): value is OperationAction {
  return (OPERATION_ACTIONS as readonly string[]).includes(value);
}

/** An action's name in the user's language (its area's messages); one the console does not know yet is shown as recorded. */
function actionLabel(lang: Language, action: string): string {
  return isAction(action) ? message(lang, operationActionMessage(action)) : action;
}

/** What a row shows when opened: the value before and after, when the action changed one. */
function Change({ row }: { row: OperationLogEntry }) {
  const { t } = useI18n();
  if (row.old_value === null && row.new_value === null)
    return <Typography.Text type="secondary">{t('operationLog.table.noChange')}</Typography.Text>;
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        { key: 'old', label: t('operationLog.column.oldValue'), children: row.old_value ?? '—' },
        { key: 'new', label: t('operationLog.column.newValue'), children: row.new_value ?? '—' },
      ]}
    />
  );
}

/** /datalog/operation-log: who did what, when and from where; one's own and one's subordinates' (root: everyone's). */
export default function OperationLogPage() {
  const { t, lang } = useI18n();
  const list = useListParams(OPERATION_LOG_LIST);
  const page = usePagedQuery(endpointQuery(api.datalog.operationLog, { query: operationLogQuery(list.params) }));
  const { action, username } = list.params.filter;

  const columns = useMemo<TableColumnsType<OperationLogEntry>>(
    () => [
      { key: 'time', title: t('operationLog.column.time'), dataIndex: 'time', width: 190, render: (v: number) => formatTime(v, lang) },
      { key: 'username', title: t('operationLog.column.username'), dataIndex: 'username', width: 160 },
      {
        key: 'action',
        title: t('operationLog.column.action'),
        dataIndex: 'action',
        width: 170,
        render: (v: string) => actionLabel(lang, v),
      },
      { key: 'target', title: t('operationLog.column.target'), dataIndex: 'target', ellipsis: true },
      {
        key: 'outcome',
        title: t('operationLog.column.outcome'),
        dataIndex: 'outcome',
        width: 110,
        render: (v: OperationLogEntry['outcome']) => <Tag color={v === 'ok' ? 'green' : 'red'}>{t(`operationLog.outcome.${v}`)}</Tag>,
      },
      { key: 'ip', title: t('operationLog.column.ip'), dataIndex: 'ip', width: 150 },
    ],
    [t, lang],
  );

  return (
    <ListPage
      className="dms-operation-log"
      title={t('datalog.route.operationLog')}
      toolbar={
        <Space wrap className="dms-toolbar">
          <Select<OperationAction | 'all'>
            data-testid="operation-log-action"
            aria-label={t('operationLog.filter.action')}
            style={{ minWidth: 180 }}
            value={action ?? 'all'}
            options={[
              { value: 'all', label: t('operationLog.filter.allActions') },
              ...OPERATION_ACTIONS.map((a) => ({ value: a, label: actionLabel(lang, a) })),
            ]}
            onChange={(value) => {
              list.setFilter({ action: value === 'all' ? undefined : value });
            }}
          />
          <SearchInput
            data-testid="operation-log-user"
            aria-label={t('operationLog.filter.username')}
            placeholder={t('operationLog.filter.username')}
            style={{ width: 200 }}
            value={username ?? ''}
            onSearch={(value) => {
              list.setFilter({ username: value || undefined });
            }}
          />
          <RefreshButton onClick={page.reload} />
        </Space>
      }
      list={list}
      page={page}
      columns={columns}
      data-testid="operation-log-table"
      rowKey="id"
      scroll={{ x: 900 }}
      expandable={{
        rowExpandable: (row) => row.old_value !== null || row.new_value !== null,
        expandedRowRender: (row) => <Change row={row} />,
      }}
      showTotal={(total) => t('operationLog.table.total', { total })}
    />
  );
}
