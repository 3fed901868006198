import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { OPERATION_ACTIONS, type OperationAction, type OperationLogEntry, type OperationLogPage } from '@dms/contract';
import { useEffect, useMemo, useState } from 'react';
import { getOperationLog } from '../../../api/datalog';
import { useI18n, type Translate } from '../../../i18n';
import { formatTime } from '../../../lib/format-time';

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
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [action, setAction] = useState<OperationAction | undefined>(undefined);
  const [username, setUsername] = useState<string | undefined>(undefined);
  const [reload, setReload] = useState(0);
  const [data, setData] = useState<OperationLogPage>({ total: 0, items: [] });
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    setLoading(true);
    getOperationLog({ page, page_size: pageSize, ...(action ? { action } : {}), ...(username ? { username } : {}) }, abort.signal)
      .then(setData)
      .catch(() => undefined) // shown by the request layer
      .finally(() => {
        if (!abort.signal.aborted) setLoading(false);
      });
    return () => abort.abort();
  }, [page, pageSize, action, username, reload]);

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
          onChange={(value) => {
            setAction(value === 'all' ? undefined : value);
            setPage(1);
          }}
        />
        <Input.Search
          data-testid="operation-log-user"
          aria-label={t('operationLog.filter.username')}
          placeholder={t('operationLog.filter.username')}
          allowClear
          style={{ width: 200 }}
          onSearch={(value) => {
            setUsername(value.trim() || undefined);
            setPage(1);
          }}
        />
        <Button icon={<ReloadOutlined />} onClick={() => setReload((n) => n + 1)}>
          {t('common.action.refresh')}
        </Button>
      </Space>
      <Table<OperationLogEntry>
        data-testid="operation-log-table"
        rowKey="id"
        columns={columns}
        dataSource={data.items}
        loading={loading}
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
        pagination={{
          current: page,
          pageSize,
          total: data.total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('operationLog.table.total', { total }),
          onChange: (nextPage, nextSize) => {
            setPage(nextSize === pageSize ? nextPage : 1);
            setPageSize(nextSize);
          },
        }}
      />
    </Card>
  );
}
