import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import type { ServerLogEntry } from '@dms/contract';
import { Button, Card, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { datalogApi } from '../../../api/datalog.js';
import { formatTime } from '../../../components/time.js';
import { usePaged } from '../../../components/usePaged.js';
import { t } from '../../../i18n/index.js';

type Source = ServerLogEntry['source'];
const fetchPage = (page: number, pageSize: number, source: Source | undefined) =>
  datalogApi.serverLog({ page, page_size: pageSize, ...(source ? { source } : {}) });

/** /datalog/server-log (root): the server's own errors and the console's, newest first. */
export default function ServerLog() {
  const [source, setSource] = useState<Source | undefined>(undefined);
  const { data, loading, pagination, reload } = usePaged(fetchPage, source);
  return (
    <Card
      title={t('route.serverLog')}
      extra={
        <Space wrap>
          <Select<Source | 'all'>
            data-testid="server-log-source"
            style={{ width: 150 }}
            value={source ?? 'all'}
            onChange={(v) => setSource(v === 'all' ? undefined : v)}
            options={[
              { value: 'all', label: t('common.all') },
              { value: 'server', label: t('logs.sources.server') },
              { value: 'console', label: t('logs.sources.console') },
            ]}
          />
          <Button icon={<ReloadOutlined />} onClick={() => void reload()}>
            {t('common.refresh')}
          </Button>
        </Space>
      }
    >
      <Table<ServerLogEntry>
        rowKey="id"
        loading={loading}
        dataSource={data.items}
        pagination={{ ...pagination, showTotal: (total) => t('common.total', { total }) }}
        scroll={{ x: 800 }}
        expandable={{
          expandedRowRender: (r) => <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{r.detail || '—'}</Typography.Paragraph>,
        }}
        columns={[
          { title: t('logs.time'), dataIndex: 'time', width: 180, render: (v: number) => formatTime(v) },
          {
            title: t('logs.source'),
            dataIndex: 'source',
            width: 110,
            render: (v: Source) => <Tag color={v === 'server' ? 'red' : 'orange'}>{t(`logs.sources.${v}`)}</Tag>,
          },
          { title: t('logs.message'), dataIndex: 'message', ellipsis: true },
          { title: t('logs.user'), dataIndex: 'username', width: 150, render: (v: string | null) => v ?? '—' },
          { title: t('logs.url'), dataIndex: 'url', width: 220, ellipsis: true },
        ]}
      />
    </Card>
  );
}
