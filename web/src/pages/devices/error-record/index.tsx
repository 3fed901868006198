import { Button, Card, Segmented, Table, type TableColumnsType } from 'antd';
import { api, type FaultRecord } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { endpointQuery } from '@/api/call';
import { useDeviceEvents } from '@/api/realtime';
import { useI18n } from '@/i18n';
import { registerName } from '@/features/devices/registers';
import { bitName, KindTag, recordTimeColumns } from '../shared/history/records';
import { DeviceHeader } from '../shared/history/DeviceHeader';
import { historyPaths } from '@/features/devices/links';
import { parseDevice } from '@/features/devices/params';
import { useHistoryDevice, type HistoryDevice } from '../shared/history/useHistoryDevice';
import '../shared/history/history.css';

type KindFilter = 'all' | 'fault' | 'alert';

/**
 * /devices/error-record/:tagId/:controllerId: the device's fault and alert records (what, start, end or ongoing,
 * duration), newest first, with a link to the register values at that moment. Reloads when the device's status changes.
 */
export default function ErrorRecordPage() {
  const { tagId, controllerId } = useParams();
  const loaded = useHistoryDevice(parseDevice(tagId, controllerId));
  const { t } = useI18n();
  return (
    <Card title={t('history.route.errorRecord')} data-testid="page-errorRecord" loading={!loaded}>
      {loaded && <Records loaded={loaded} />}
    </Card>
  );
}

function Records({ loaded }: { loaded: HistoryDevice }) {
  const { t, lang } = useI18n();
  const { device, registers } = loaded;
  const [kind, setKind] = useState<KindFilter>('all');
  // Cached per device; a live status change reloads it. Open records' durations run to when it was loaded.
  const loadedRecords = useQuery(
    endpointQuery(api.devices.faultRecords, { params: { boxId: device.boxId, controller: device.controller } }),
  );
  const records = useMemo(() => loadedRecords.data ?? [], [loadedRecords.data]);
  const now = loadedRecords.dataUpdatedAt;
  const loading = loadedRecords.isFetching;
  const { refetch } = loadedRecords;

  useDeviceEvents(
    [device.id],
    useCallback(
      (event) => {
        const mine = event.type !== 'lagged' && event.device === device.id;
        // A status change (or, on subscribing, a status other than when the page loaded) may open or close a record.
        const changed = mine && (event.type === 'status' || (event.type === 'state' && event.status !== device.status));
        if (event.type === 'lagged' || changed) void refetch();
      },
      [device.id, device.status, refetch],
    ),
  );

  const shown = useMemo(() => (kind === 'all' ? records : records.filter((r) => r.kind === kind)), [records, kind]);

  const columns = useMemo<TableColumnsType<FaultRecord>>(
    () => [
      {
        key: 'kind',
        title: t('history.record.kind'),
        dataIndex: 'kind',
        width: 90,
        render: (k: FaultRecord['kind']) => <KindTag kind={k} />,
      },
      {
        key: 'name',
        title: t('history.record.name'),
        width: 220,
        render: (_, r) => <span data-testid="record-name">{bitName(registers, r.register, r.bit, lang, t)}</span>,
      },
      {
        key: 'register',
        title: t('history.record.register'),
        width: 160,
        responsive: ['lg'],
        render: (_, r) => {
          const def = registers.get(r.register);
          return `${def ? registerName(def, lang) : r.register} · bit ${r.bit}`;
        },
      },
      ...recordTimeColumns<FaultRecord>(t, lang, now),
      {
        key: 'details',
        title: t('history.record.details'),
        width: 110,
        fixed: 'right',
        render: (_, r) => (
          <Link to={historyPaths.errorDetails(device.boxId, device.controller, r.startedAt, r.id)} data-testid={`record-details-${r.id}`}>
            {t('history.record.view')}
          </Link>
        ),
      },
    ],
    [t, lang, registers, device.boxId, device.controller, now],
  );

  return (
    <>
      <DeviceHeader device={device} current="errorRecord" />
      <div className="dms-history-toolbar">
        <Segmented<KindFilter>
          value={kind}
          onChange={setKind}
          options={(['all', 'fault', 'alert'] as const).map((k) => ({
            value: k,
            label: <span data-testid={`record-kind-${k}`}>{t(k === 'all' ? 'history.kind.all' : `history.kind.${k}`)}</span>,
          }))}
        />
        <Button
          onClick={() => {
            void refetch();
          }}
          data-testid="record-reload"
        >
          {t('common.action.refresh')}
        </Button>
      </div>
      <Table<FaultRecord>
        data-testid="record-table"
        rowKey="id"
        size="small"
        bordered
        columns={columns}
        dataSource={shown}
        loading={loading}
        scroll={{ x: 1000 }}
        pagination={{
          pageSize: 20,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('history.table.records', { total }),
        }}
      />
    </>
  );
}
