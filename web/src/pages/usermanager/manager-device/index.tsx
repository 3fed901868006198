import { App, Button, Card, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { EyeInvisibleOutlined } from '@ant-design/icons';
import { api, MAX_BATCH_ASSIGN, type DeviceStatus, type ManagerDeviceRow, type PersonSummary } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { call, endpointQuery } from '../../../api/call';
import { useInvalidate } from '../../../api/invalidate';
import { detailPath } from '../../../features/devices/links';
import { StatusTag } from '../../../features/devices/status';
import { useI18n } from '../../../i18n';
import { formatTime } from '../../../lib/format-time';
import { useAppState } from '../../../settings/app-state';
import { EDIT_MANAGER_PATH } from '../labels';
import { PersonFrame, useUserIdParam } from '../PersonFrame';
import { AssignDialog, type AssignAsk } from './AssignDialog';

const PAGE_SIZE = 200;

/** What an assignment or a recall changes: both lists, and the sub-manager list's count of assigned devices. */
const CHANGES = [api.usermanager.getAssignedDevices, api.usermanager.getUnassignedDevices, api.usermanager.getManagers];

/**
 * /usermanager/manager-device?userId=: the devices the caller assigned to one of their sub-managers, named at the top
 * (recall one or all), and the caller's own devices to assign (one, or a selection in one step, after a dialog that
 * says whose shares the assignment ends). Someone else's sub-manager (or nobody) gets a page saying so. Every action
 * refreshes both lists.
 */
export default function ManagerDevicePage() {
  const { t } = useI18n();
  const userId = useUserIdParam();
  const person = useQuery({
    ...endpointQuery(api.usermanager.getManager, { query: { userId: userId ?? 0 } }, { errorDisplay: 'none' }),
    enabled: userId !== null,
  });
  return (
    <PersonFrame
      userId={userId}
      person={person}
      listPath={EDIT_MANAGER_PATH}
      testId="manager-device"
      text={{
        title: t('route.managerDevice'),
        choose: t('managers.noManager'),
        notYours: t('managers.notYours'),
        notYoursHelp: t('managers.notYoursHelp'),
        back: t('managers.back'),
        role: t('managers.person'),
      }}
    >
      {(p) => <ManagerDevices person={p} />}
    </PersonFrame>
  );
}

function ManagerDevices({ person }: { person: PersonSummary }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  // On a phone the tables scroll sideways as a whole: fixed columns would leave no room between them.
  const mobile = useAppState((st) => st.device === 'mobile');
  const userId = person.id;
  const assigned = useQuery(endpointQuery(api.usermanager.getAssignedDevices, { query: { userId, page: 1, page_size: PAGE_SIZE } }));
  const assignable = useQuery(endpointQuery(api.usermanager.getUnassignedDevices, { query: { userId, page: 1, page_size: PAGE_SIZE } }));
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [ask, setAsk] = useState<AssignAsk | null>(null);

  /** Runs one change, says how many changed, and reads what it changed again. */
  async function run(work: () => Promise<{ changed: number }>): Promise<void> {
    setBusy(true);
    try {
      const { changed } = await work();
      void message.success(t('managers.changed', { count: changed }));
      setSelected([]);
      setAsk(null);
    } finally {
      setBusy(false);
      await invalidate(CHANGES);
    }
  }

  const base = useMemo<TableColumnsType<ManagerDeviceRow>>(
    () => [
      {
        key: 'device',
        title: t('managers.device'),
        width: 120,
        fixed: mobile ? undefined : 'left',
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
    [t, mobile],
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
      width: 110,
      fixed: mobile ? undefined : 'right',
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
      width: 110,
      fixed: mobile ? undefined : 'right',
      render: (_: unknown, r) => (
        <Button
          type="link"
          size="small"
          disabled={busy}
          data-testid={`manager-assign-${r.boxId}-${r.controller}`}
          onClick={() => {
            setAsk({ deviceIds: [r.deviceId], device: `${r.boxId}/${r.controller}` });
          }}
        >
          {t('managers.assign')}
        </Button>
      ),
    },
  ];

  const assignedRows = assigned.data?.items ?? [];
  const assignableRows = assignable.data?.items ?? [];
  return (
    <>
      <Card title={t('managers.assignedTitle', { username: person.username, total: assigned.data?.total ?? 0 })}>
        <Space wrap size={4} className="dms-helper-device-actions">
          <Popconfirm
            title={t('managers.recallAllConfirm', { username: person.username })}
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
          scroll={{ x: 1080 }}
        />
      </Card>
      <Card title={t('managers.assignableTitle', { total: assignable.data?.total ?? 0 })}>
        <Space wrap size={4} className="dms-helper-device-actions">
          <Button
            size="small"
            type="primary"
            disabled={busy || selected.length === 0 || selected.length > MAX_BATCH_ASSIGN}
            loading={busy}
            data-testid="manager-assign-selected"
            onClick={() => {
              setAsk({ deviceIds: selected, device: null });
            }}
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
          scroll={{ x: 800 }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => {
              setSelected(keys.map(Number));
            },
            getCheckboxProps: (r) => ({ 'data-testid': `manager-pick-${r.boxId}-${r.controller}` }) as object,
          }}
        />
      </Card>
      <AssignDialog
        person={person}
        ask={ask}
        busy={busy}
        onCancel={() => {
          setAsk(null);
        }}
        onConfirm={(a) => {
          const [only] = a.deviceIds;
          void run(() =>
            a.device && only !== undefined
              ? call(api.usermanager.assignDevice, { body: { userId, deviceId: only } })
              : call(api.usermanager.batchAssignDevices, { body: { userId, deviceIds: a.deviceIds } }),
          );
        }}
      />
    </>
  );
}
