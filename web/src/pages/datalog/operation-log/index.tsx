import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { OPERATION_ACTIONS, type OperationAction, type OperationLogEntry } from '@dms/contract';
import { useMemo } from 'react';
import { getOperationLog } from '../../../api/datalog';
import { useI18n, type Translate } from '../../../i18n';
import { formatTime } from '../../../lib/format-time';
import { useServerPage } from '../../../lib/useServerPage';

function isAction(value: string): value is OperationAction {
  return (OPERATION_ACTIONS as readonly string[]).includes(value);
}

/** An action's translated name; one the console does not know yet is shown as recorded. */
function actionLabel(t: Translate, action: string): string {
  return isAction(action) ? t(`operationLog.action.${action}`) : action;
}

/** /datalog/operation-log: who did what, when and from where; one's own and one's subordinates' (root: everyone's). */
export default function OperationLogPage() {
  const { t, lang } = useI18n();
  const list = useServerPage(getOperationLog, { action: undefined as OperationAction | undefined, username: undefined as string | undefined });
  const action = list.filter.action;

  const columns = useMemo<TableColumnsType<OperationLogEntry>>(
    () => [
      { key: 'time', title: t('operationLog.column.time'), dataIndex: 'time', width: 190, render: (v: number) => formatTime(v, lang) },
      { key: 'username', title: t('operationLog.column.username'), dataIndex: 'username', width: 160 },
      { key: 'action', title: t('operationLog.column.action'), dataIndex: 'action', width: 170, render: (v: string) => actionLabel(t, v) },
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
    <Card className="dms-operation-log">
      <Space wrap className="dms-toolbar">
        <Select<OperationAction | 'all'>
          data-testid="operation-log-action"
          aria-label={t('operationLog.filter.action')}
          style={{ minWidth: 180 }}
          value={action ?? 'all'}
          options={[
            { value: 'all', label: t('operationLog.filter.allActions') },
            ...OPERATION_ACTIONS.map((a) => ({ value: a, label: actionLabel(t, a) })),
          ]}
          onChange={(value) => list.setFilter({ action: value === 'all' ? undefined : value })}
        />
        <Input.Search
          data-testid="operation-log-user"
          aria-label={t('operationLog.filter.username')}
          placeholder={t('operationLog.filter.username')}
          allowClear
          style={{ width: 200 }}
          onSearch={(value) => list.setFilter({ username: value.trim() || undefined })}
        />
        <Button icon={<ReloadOutlined />} onClick={list.reload}>
          {t('common.action.refresh')}
        </Button>
      </Space>
      <Table<OperationLogEntry>
        data-testid="operation-log-table"
        rowKey="id"
        columns={columns}
        dataSource={list.data.items}
        loading={list.loading}
        scroll={{ x: 900 }}
        expandable={{
          rowExpandable: (row) => row.old_value !== null || row.new_value !== null,
          expandedRowRender: (row) =>
            row.old_value === null && row.new_value === null ? (
              <Typography.Text type="secondary">{t('operationLog.table.noChange')}</Typography.Text>
            ) : (
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'old', label: t('operationLog.column.oldValue'), children: row.old_value ?? '—' },
                  { key: 'new', label: t('operationLog.column.newValue'), children: row.new_value ?? '—' },
                ]}
              />
            ),
        }}
        pagination={list.pagination((total) => t('operationLog.table.total', { total }))}
      />
    </Card>
  );
}
