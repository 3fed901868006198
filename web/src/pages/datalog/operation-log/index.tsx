import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { OPERATION_ACTIONS, type OperationAction, type OperationLogEntry } from '@dms/contract';
import { Button, Card, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { datalogApi } from '../../../api/datalog.js';
import { formatTime } from '../../../components/time.js';
import { usePaged } from '../../../components/usePaged.js';
import en from '../../../locales/en/logs.js';
import { t } from '../../../i18n/index.js';

interface Filter {
  action?: OperationAction;
  username?: string;
}

const fetchPage = (page: number, pageSize: number, f: Filter) => datalogApi.operationLog({ page, page_size: pageSize, ...f });
/** 'user.changePassword' → the locale key 'userChangePassword'. */
const actionKey = (a: string) => a.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase());
const actionLabel = (a: string) => {
  const key = actionKey(a);
  return key in en.actions ? t(`logs.actions.${key as keyof typeof en.actions}`) : a;
};

/** /datalog/operation-log: who did what, from where, with the outcome; one's own and one's subordinates'. */
export default function OperationLog() {
  const [filter, setFilter] = useState<Filter>({});
  const { data, loading, pagination, reload } = usePaged(fetchPage, filter);
  return (
    <Card
      title={t('route.operationLog')}
      extra={
        <Space wrap>
          <Select<OperationAction | 'all'>
            data-testid="operation-log-action"
            style={{ width: 170 }}
            value={filter.action ?? 'all'}
            onChange={(v) => setFilter((f) => ({ ...f, action: v === 'all' ? undefined : v }))}
            options={[{ value: 'all', label: t('common.all') }, ...OPERATION_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }))]}
          />
          <Input.Search
            data-testid="operation-log-user"
            allowClear
            placeholder={t('logs.filterUser')}
            style={{ width: 190 }}
            onSearch={(v) => setFilter((f) => ({ ...f, username: v.trim() || undefined }))}
          />
          <Button icon={<ReloadOutlined />} onClick={() => void reload()}>
            {t('common.refresh')}
          </Button>
        </Space>
      }
    >
      <Table<OperationLogEntry>
        rowKey="id"
        loading={loading}
        dataSource={data.items}
        pagination={{ ...pagination, showTotal: (total) => t('common.total', { total }) }}
        scroll={{ x: 900 }}
        columns={[
          { title: t('logs.time'), dataIndex: 'time', width: 180, render: (v: number) => formatTime(v) },
          { title: t('logs.user'), dataIndex: 'username', width: 160 },
          { title: t('logs.action'), dataIndex: 'action', width: 160, render: actionLabel },
          { title: t('logs.target'), dataIndex: 'target', ellipsis: true },
          {
            title: t('logs.outcome'),
            dataIndex: 'outcome',
            width: 110,
            render: (v: 'ok' | 'failed') => <Tag color={v === 'ok' ? 'green' : 'red'}>{t(`logs.outcomes.${v}`)}</Tag>,
          },
          { title: t('logs.ip'), dataIndex: 'ip', width: 150 },
        ]}
      />
    </Card>
  );
}
