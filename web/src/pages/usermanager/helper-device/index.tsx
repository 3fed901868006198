import { App, Button, Card, Checkbox, Popconfirm, Space, Switch, Table, type TableColumnsType } from 'antd';
import { api, type DeviceStatus, type HelperDeviceRow, type PersonSummary } from '@dms/contract';
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
import { EDIT_HELPER_PATH } from '../labels';
import { PersonFrame, useUserIdParam } from '../PersonFrame';

const PAGE_SIZE = 200;

/** What a share, a recall or a switch right changes: both lists, and the helper list's counts. */
const CHANGES = [api.usermanager.getSharedDevices, api.usermanager.getUnsharedDevices, api.usermanager.getHelpers];

/**
 * /usermanager/helper-device?userId=: the devices shared with one of the caller's helpers, named at the top, with the
 * switch right per device, and the caller's own devices to share (docs/people.md). Someone else's helper (or nobody)
 * gets a page saying so. Every action refreshes both lists.
 */
export default function HelperDevicePage() {
  const { t } = useI18n();
  const userId = useUserIdParam();
  const person = useQuery({
    ...endpointQuery(api.usermanager.getHelper, { query: { userId: userId ?? 0 } }, { errorDisplay: 'none' }),
    enabled: userId !== null,
  });
  return (
    <PersonFrame
      userId={userId}
      person={person}
      listPath={EDIT_HELPER_PATH}
      testId="helper-device"
      text={{
        title: t('route.helperDevice'),
        choose: t('helpers.noHelper'),
        notYours: t('helpers.notYours'),
        notYoursHelp: t('helpers.notYoursHelp'),
        back: t('helpers.back'),
        role: t('helpers.person'),
      }}
    >
      {(p) => <HelperDevices person={p} />}
    </PersonFrame>
  );
}

function HelperDevices({ person }: { person: PersonSummary }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  // On a phone the tables scroll sideways as a whole: fixed columns would leave no room between them.
  const mobile = useAppState((st) => st.device === 'mobile');
  const userId = person.id;
  const shared = useQuery(endpointQuery(api.usermanager.getSharedDevices, { query: { userId, page: 1, page_size: PAGE_SIZE } }));
  const shareable = useQuery(endpointQuery(api.usermanager.getUnsharedDevices, { query: { userId, page: 1, page_size: PAGE_SIZE } }));
  const [selected, setSelected] = useState<number[]>([]);
  const [withSwitch, setWithSwitch] = useState(false);
  const [busy, setBusy] = useState(false);

  /** Runs one change (or several in turn), says how many changed, and reads what it changed again. */
  async function run(work: () => Promise<number>): Promise<void> {
    setBusy(true);
    try {
      const changed = await work();
      void message.success(t('helpers.changed', { count: changed }));
      setSelected([]);
    } finally {
      setBusy(false);
      await invalidate(CHANGES);
    }
  }

  const base = useMemo<TableColumnsType<HelperDeviceRow>>(
    () => [
      {
        key: 'device',
        title: t('helpers.device'),
        width: 120,
        fixed: mobile ? undefined : 'left',
        render: (_: unknown, r) => <Link to={detailPath(null, r.boxId, r.controller)}>{`${r.boxId}/${r.controller}`}</Link>,
      },
      { key: 'company', title: t('helpers.company'), dataIndex: 'company', width: 180, ellipsis: true },
      { key: 'station', title: t('helpers.station'), dataIndex: 'stationNo', width: 100, ellipsis: true },
      { key: 'model', title: t('helpers.model'), dataIndex: 'model', width: 110, ellipsis: true },
      { key: 'status', title: t('helpers.status'), dataIndex: 'status', width: 130, render: (s: DeviceStatus) => <StatusTag status={s} /> },
    ],
    [t, mobile],
  );

  const sharedColumns: TableColumnsType<HelperDeviceRow> = [
    ...base,
    {
      key: 'sharedAt',
      title: t('helpers.sharedAt'),
      dataIndex: 'sharedAt',
      width: 170,
      render: (v: number | null) => (v ? formatTime(v, lang) : '-'),
    },
    {
      key: 'switch',
      title: t('helpers.switchRight'),
      width: 120,
      fixed: mobile ? undefined : 'right',
      render: (_: unknown, r) => (
        <Switch
          size="small"
          checked={r.canSwitch}
          disabled={busy}
          data-testid={`helper-switch-${r.boxId}-${r.controller}`}
          onChange={(on) =>
            void run(async () => {
              const endpoint = on ? api.usermanager.addDeviceUserPermission : api.usermanager.delDeviceUserPermission;
              return (await call(endpoint, { body: { userId, deviceId: r.deviceId } })).changed;
            })
          }
        />
      ),
    },
    {
      key: 'recall',
      title: t('helpers.actions'),
      width: 100,
      fixed: mobile ? undefined : 'right',
      render: (_: unknown, r) => (
        <Button
          type="link"
          size="small"
          danger
          disabled={busy}
          data-testid={`helper-recall-${r.boxId}-${r.controller}`}
          onClick={() =>
            void run(async () => (await call(api.usermanager.recallSharedDevice, { body: { userId, deviceId: r.deviceId } })).changed)
          }
        >
          {t('helpers.recall')}
        </Button>
      ),
    },
  ];

  const sharedRows = shared.data?.items ?? [];
  const shareableRows = shareable.data?.items ?? [];
  return (
    <>
      <Card title={t('helpers.sharedTitle', { username: person.username, total: shared.data?.total ?? 0 })}>
        <Space wrap size={4} className="dms-helper-device-actions">
          <Button
            size="small"
            disabled={busy || sharedRows.length === 0}
            data-testid="helper-grant-all"
            onClick={() => void run(async () => (await call(api.usermanager.addAllDeviceUserPermission, { body: { userId } })).changed)}
          >
            {t('helpers.grantAll')}
          </Button>
          <Button
            size="small"
            disabled={busy || sharedRows.length === 0}
            data-testid="helper-remove-all"
            onClick={() => void run(async () => (await call(api.usermanager.delAllDeviceUserPermission, { body: { userId } })).changed)}
          >
            {t('helpers.removeAll')}
          </Button>
          <Popconfirm
            title={t('helpers.recallAllConfirm', { username: person.username })}
            okButtonProps={{ danger: true, 'data-testid': 'helper-recall-all-ok' }}
            onConfirm={() => void run(async () => (await call(api.usermanager.recallAllSharedDevice, { body: { userId } })).changed)}
          >
            <Button size="small" danger disabled={busy || sharedRows.length === 0} data-testid="helper-recall-all">
              {t('helpers.recallAll')}
            </Button>
          </Popconfirm>
        </Space>
        <Table<HelperDeviceRow>
          data-testid="helper-shared-table"
          rowKey="deviceId"
          size="small"
          loading={shared.isFetching}
          columns={sharedColumns}
          dataSource={sharedRows}
          pagination={false}
          scroll={{ x: 1040 }}
        />
      </Card>
      <Card title={t('helpers.shareableTitle', { username: person.username, total: shareable.data?.total ?? 0 })}>
        <Space wrap size={4} className="dms-helper-device-actions">
          <Checkbox
            checked={withSwitch}
            data-testid="helper-with-switch"
            onChange={(e) => {
              setWithSwitch(e.target.checked);
            }}
          >
            {t('helpers.withSwitch')}
          </Checkbox>
          <Button
            size="small"
            type="primary"
            disabled={busy || selected.length === 0}
            loading={busy}
            data-testid="helper-share-selected"
            onClick={() =>
              void run(async () => {
                let changed = 0;
                for (const deviceId of selected)
                  changed += (await call(api.usermanager.shareDevice, { body: { userId, deviceId, canSwitch: withSwitch } })).changed;
                return changed;
              })
            }
          >
            {t('helpers.shareSelected', { count: selected.length })}
          </Button>
          <Button
            size="small"
            disabled={busy || shareableRows.length === 0}
            data-testid="helper-share-all"
            onClick={() =>
              void run(async () => (await call(api.usermanager.shareAllDevice, { body: { userId, canSwitch: withSwitch } })).changed)
            }
          >
            {t('helpers.shareAll')}
          </Button>
        </Space>
        <Table<HelperDeviceRow>
          data-testid="helper-shareable-table"
          rowKey="deviceId"
          size="small"
          loading={shareable.isFetching}
          columns={base}
          dataSource={shareableRows}
          pagination={false}
          scroll={{ x: 700 }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => {
              setSelected(keys.map(Number));
            },
            getCheckboxProps: (r) => ({ 'data-testid': `helper-pick-${r.boxId}-${r.controller}` }) as object,
          }}
        />
      </Card>
    </>
  );
}
