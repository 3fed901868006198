import { Button, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import { EyeInvisibleOutlined } from '@ant-design/icons';
import { api, MAX_BATCH_ASSIGN, type ManagerDeviceRow, type PersonSummary } from '@dms/contract';
import { useState } from 'react';
import { call, endpointQuery } from '@/api/call';
import { MANAGER_PAGES } from '../kinds';
import { PersonDevicesCards, edgeColumn, linkedAtColumn, usePersonDevices, type PersonDevicesQuery } from '../PersonDevices';
import { PersonFrame } from '../PersonFrame';
import { AssignDialog, type AssignAsk } from './AssignDialog';

/** The devices assigned to the sub-manager and those to assign; an assignment or a recall changes both, and the sub-manager list's count. */
const LISTS = {
  linked: (query: PersonDevicesQuery) => endpointQuery(api.usermanager.getAssignedDevices, { query }),
  linkable: (query: PersonDevicesQuery) => endpointQuery(api.usermanager.getUnassignedDevices, { query }),
  changes: [api.usermanager.getAssignedDevices, api.usermanager.getUnassignedDevices, api.usermanager.getManagers],
};

/**
 * /usermanager/manager-device?userId=: the devices the caller assigned to one of their sub-managers, named at the top
 * (recall one or all), and the caller's own devices to assign (one, or a selection in one step, after a dialog that
 * says whose shares the assignment ends). Someone else's sub-manager (or nobody) gets a page saying so. Every action
 * refreshes both lists.
 */
export default function ManagerDevicePage() {
  return <PersonFrame kind={MANAGER_PAGES}>{(p) => <ManagerDevices person={p} />}</PersonFrame>;
}

function ManagerDevices({ person }: { person: PersonSummary }) {
  const [ask, setAsk] = useState<AssignAsk | null>(null);
  const page = usePersonDevices(MANAGER_PAGES, person, LISTS, 170, () => {
    setAsk(null);
  });
  const { t, lang, mobile, userId, selected, busy, run, base } = page;

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
    linkedAtColumn('assignedAt', t('managers.assignedAt'), lang),
    edgeColumn('recall', t('managers.actions'), 110, mobile, (r) => (
      <Popconfirm
        title={t('managers.recallConfirm', { device: `${r.boxId}/${r.controller}` })}
        okButtonProps={{ danger: true, 'data-testid': 'manager-recall-ok' }}
        onConfirm={() => void run(() => call(api.usermanager.recallAssignedDevice, { body: { userId, deviceId: r.deviceId } }))}
      >
        <Button type="link" size="small" danger disabled={busy} data-testid={`manager-recall-${r.boxId}-${r.controller}`}>
          {t('managers.recall')}
        </Button>
      </Popconfirm>
    )),
  ];

  const assignableColumns: TableColumnsType<ManagerDeviceRow> = [
    ...base,
    edgeColumn('assign', t('managers.actions'), 110, mobile, (r) => (
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
    )),
  ];

  return (
    <>
      <PersonDevicesCards
        page={page}
        linked={{ columns: assignedColumns, scrollX: 1080 }}
        linkable={{
          columns: assignableColumns,
          scrollX: 800,
          actions: (
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
          ),
        }}
      />
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
