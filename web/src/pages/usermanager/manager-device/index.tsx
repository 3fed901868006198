import { App, Button, Card, Col, Empty, Popconfirm, Row, Space, Table, Tag, type TableColumnsType } from 'antd';
import { EyeInvisibleOutlined } from '@ant-design/icons';
import { api, MAX_BATCH_ASSIGN, type DeviceStatus, type ManagerDeviceRow } from '@dms/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call, endpointKey, endpointQuery } from '../../../api/call';
import { detailPath } from '../../../features/devices/links';
import { StatusTag } from '../../../features/devices/status';
import { useI18n } from '../../../i18n';
import { formatTime } from '../../../lib/format-time';
import { EDIT_MANAGER_PATH } from '../labels';

const PAGE_SIZE = 200;

/**
 * /usermanager/manager-device?userId=: the devices the caller assigned to one of their sub-managers (recall one or
 * all), and the caller's own devices to assign (one, or a selection in one step). Every action refreshes both lists.
 */
export default function ManagerDevicePage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const userId = Number(params.get('userId'));
  if (!Number.isInteger(userId) || userId <= 0) {
    return (
      <Card title={t('route.managerDevice')}>
        <Empty description={t('managers.noManager')}>
          <Link to={EDIT_MANAGER_PATH}>{t('managers.back')}</Link>
        </Empty>
      </Card>
    );
  }
  return <ManagerDevices userId={userId} />;
}

function ManagerDevices({ userId }: { userId: number }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const assigned = useQuery(endpointQuery(api.usermanager.getAssignedDevices, { query: { userId, page: 1, page_size: PAGE_SIZE } }));
  const assignable = useQuery(endpointQuery(api.usermanager.getUnassignedDevices, { query: { userId, page: 1, page_size: PAGE_SIZE } }));
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  /** Runs one change, says how many changed, and reads both lists again. */
  async function run(work: () => Promise<{ changed: number }>): Promise<void> {
    setBusy(true);
    try {
      const { changed } = await work();
      void message.success(t('managers.changed', { count: changed }));
      setSelected([]);
    } finally {
      setBusy(false);
      await Promise.all([
        client.invalidateQueries({ queryKey: endpointKey(api.usermanager.getAssignedDevices) }),
        client.invalidateQueries({ queryKey: endpointKey(api.usermanager.getUnassignedDevices) }),
      ]);
    }
  }

  const base = useMemo<TableColumnsType<ManagerDeviceRow>>(
    () => [
      {
        key: 'device',
        title: t('managers.device'),
        width: 130,
        render: (_: unknown, r) => <Link to={detailPath(null, r.boxId, r.controller)}>{`${r.boxId}/${r.controller}`}</Link>,
      },
      { key: 'company', title: t('managers.company'), dataIndex: 'company', width: 170, ellipsis: true },
      { key: 'station', title: t('managers.station'), dataIndex: 'stationNo', width: 100, ellipsis: true },
      { key: 'model', title: t('managers.model'), dataIndex: 'model', width: 110, ellipsis: true },
      {
        key: 'status',
        title: t('managers.status'),
        dataIndex: 'status',
        width: 130,
        render: (s: DeviceStatus) => <StatusTag status={s} />,
      },
    ],
    [t],
  );

  const assignedColumns: TableColumnsType<ManagerDeviceRow> = [
    ...base,
    {
      key: 'holder',
      title: t('managers.holder'),
      width: 170,
      render: (_: unknown, r) => (
        <Space size={2} wrap>
          {r.holder ?? '-'}
          {r.hidden && (
            <Tag icon={<EyeInvisibleOutlined />} data-testid={`manager-hidden-${r.boxId}-${r.controller}`}>
              {t('managers.hidden')}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      key: 'assignedAt',
      title: t('managers.assignedAt'),
      dataIndex: 'assignedAt',
      width: 170,
      render: (v: number | null) => (v ? formatTime(v, lang) : '-'),
    },
    {
      key: 'recall',
      title: t('managers.actions'),
      width: 90,
      render: (_: unknown, r) => (
        <Popconfirm
          title={t('managers.recallConfirm', { device: `${r.boxId}/${r.controller}` })}
          okButtonProps={{ danger: true, 'data-testid': 'manager-recall-ok' }}
          onConfirm={() => void run(() => call(api.usermanager.recallAssignedDevice, { body: { userId, deviceId: r.deviceId } }))}
        >
          <Button type="link" size="small" danger disabled={busy} data-testid={`manager-recall-${r.boxId}-${r.controller}`}>
            {t('managers.recall')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  const assignableColumns: TableColumnsType<ManagerDeviceRow> = [
    ...base,
    {
      key: 'assign',
      title: t('managers.actions'),
      width: 90,
      render: (_: unknown, r) => (
        <Button
          type="link"
          size="small"
          disabled={busy}
          data-testid={`manager-assign-${r.boxId}-${r.controller}`}
          onClick={() => void run(() => call(api.usermanager.assignDevice, { body: { userId, deviceId: r.deviceId } }))}
        >
          {t('managers.assign')}
        </Button>
      ),
    },
  ];

  const assignedRows = assigned.data?.items ?? [];
  const assignableRows = assignable.data?.items ?? [];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={13}>
        <Card title={t('managers.assignedTitle', { total: assigned.data?.total ?? 0 })}>
          <Space wrap size={4} className="dms-helper-device-actions">
            <Popconfirm
              title={t('managers.recallAllConfirm')}
              okButtonProps={{ danger: true, 'data-testid': 'manager-recall-all-ok' }}
              onConfirm={() => void run(() => call(api.usermanager.recallAllAssignedDevice, { body: { userId } }))}
            >
              <Button size="small" danger disabled={busy || assignedRows.length === 0} data-testid="manager-recall-all">
                {t('managers.recallAll')}
              </Button>
            </Popconfirm>
          </Space>
          <Table<ManagerDeviceRow>
            data-testid="manager-assigned-table"
            rowKey="deviceId"
            size="small"
            loading={assigned.isFetching}
            columns={assignedColumns}
            dataSource={assignedRows}
            pagination={false}
            scroll={{ x: 1070 }}
          />
        </Card>
      </Col>
      <Col xs={24} xl={11}>
        <Card title={t('managers.assignableTitle', { total: assignable.data?.total ?? 0 })}>
          <Space wrap size={4} className="dms-helper-device-actions">
            <Button
              size="small"
              type="primary"
              disabled={busy || selected.length === 0 || selected.length > MAX_BATCH_ASSIGN}
              loading={busy}
              data-testid="manager-assign-selected"
              onClick={() => void run(() => call(api.usermanager.batchAssignDevices, { body: { userId, deviceIds: selected } }))}
            >
              {t('managers.assignSelected', { count: selected.length })}
            </Button>
          </Space>
          <Table<ManagerDeviceRow>
            data-testid="manager-assignable-table"
            rowKey="deviceId"
            size="small"
            loading={assignable.isFetching}
            columns={assignableColumns}
            dataSource={assignableRows}
            pagination={false}
            scroll={{ x: 740 }}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => {
                setSelected(keys.map(Number));
              },
              getCheckboxProps: (r) => ({ 'data-testid': `manager-pick-${r.boxId}-${r.controller}` }) as object,
            }}
          />
        </Card>
      </Col>
    </Row>
  );
}
