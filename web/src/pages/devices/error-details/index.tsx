import { Alert, Card, Descriptions, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { api, eraAt, registersByNumber, type RegisterDef, type SnapshotResult } from '@dms/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type HTMLAttributes } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { endpointQuery } from '@/api/call';
import { isApiError } from '@/api/client';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import {
  bitsSeverity,
  formatLabel,
  formatRegisterWithUnit,
  registerName,
  registerRaw,
  setBits,
  localized,
} from '@/features/devices/registers';
import { DeviceHeader } from '../shared/history/DeviceHeader';
import { historyPaths } from '@/features/devices/links';
import { parseBoxId, parseController, parseTime, type DeviceAddress } from '@/features/devices/params';
import { bitName, KindTag, recordDuration } from '../shared/history/records';
import { useHistoryDevice, type HistoryDevice } from '../shared/history/useHistoryDevice';
import '../shared/history/history.css';
import { SearchInput } from '@/components/list-page/SearchInput';

interface Row {
  def: RegisterDef;
  raw: number | undefined;
  severity: 'fault' | 'alert' | 'info' | null;
}

/** `?controller=` (default 1) and `?record=` (optional): null when malformed. */
function parseQuery(search: URLSearchParams): { controller: number; record: number | undefined } | null {
  const controller = parseController(search.get('controller') ?? '1');
  const recordText = search.get('record');
  const record = recordText === null ? undefined : (parseTime(recordText) ?? null);
  if (controller === null || record === null || record === 0) return null;
  return { controller, record };
}

/**
 * /devices/error-details/:tagId/:time?controller=&record=: every register value the user may read of the device at
 * that moment (the fault record's own snapshot when `record` is given), formatted, with registers holding set fault
 * or alert bits highlighted.
 */
export default function ErrorDetailsPage() {
  const { tagId, time } = useParams();
  const [search] = useSearchParams();
  const boxId = parseBoxId(tagId);
  const at = parseTime(time);
  const query = parseQuery(search);
  const address: DeviceAddress | null = boxId !== null && at !== null && query ? { boxId, controller: query.controller } : null;
  const loaded = useHistoryDevice(address);
  const { t } = useI18n();
  return (
    <Card title={t('history.route.errorDetails')} data-testid="page-errorDetails" loading={!loaded}>
      {loaded && at !== null && <Details loaded={loaded} at={at} record={query?.record} />}
    </Card>
  );
}

function Details({ loaded, at, record }: { loaded: HistoryDevice; at: number; record: number | undefined }) {
  const { t, lang } = useI18n();
  const { device, registers, readable } = loaded;
  const [filter, setFilter] = useState('');

  // The snapshot at `at` (or the record's own); the last one stays shown while the next loads, a failure until then.
  const params = { boxId: device.boxId, controller: device.controller };
  const loadedSnapshot = useQuery({
    ...endpointQuery(api.history.snapshot, { params, query: { at, record } }),
    placeholderData: keepPreviousData,
  });
  const snapshot: SnapshotResult | null = loadedSnapshot.data ?? null;
  const failed = loadedSnapshot.error;
  const error = failed ? (isApiError(failed) ? failed.message : t('history.chart.failed')) : null;
  // The record, with when it was loaded: an ongoing one's duration runs to then (the device's records, cached).
  const records = useQuery({ ...endpointQuery(api.devices.faultRecords, { params }), enabled: record !== undefined });
  const found = records.data?.find((r) => r.id === record);
  const loadedRecord = found ? { record: found, at: records.dataUpdatedAt } : null;

  // The map the snapshot's values were read with, when the map changed since (controller-types/eras.ts).
  const ts = snapshot?.ts ?? null;
  const eras = useQuery({
    ...endpointQuery(api.history.maps, { params, query: { from: ts ?? 0, to: (ts ?? 0) + 1 } }),
    enabled: ts !== null,
  }).data;
  const rows = useMemo<Row[]>(() => {
    const values = snapshot?.values ?? {};
    const own = eras && eras.length > 0 && ts !== null ? eraAt(eras, ts) : undefined;
    const then = own ? registersByNumber(own.registers) : undefined;
    // Only the registers the user may read: those their template withholds are left out, as on the device page.
    return readable.map((current) => {
      const def = then?.get(current.number) ?? current;
      const raw = registerRaw(def, values);
      return { def, raw, severity: bitsSeverity(def, raw) };
    });
  }, [snapshot, readable, eras, ts]);
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? rows.filter((r) => `${r.def.number} ${registerName(r.def, lang)} ${r.def.key}`.toLowerCase().includes(needle))
    : rows;

  const columns = useMemo<TableColumnsType<Row>>(
    () => [
      { key: 'number', title: t('history.details.number'), width: 90, render: (_, r) => r.def.number },
      { key: 'name', title: t('history.details.name'), width: 220, render: (_, r) => registerName(r.def, lang) },
      {
        key: 'value',
        title: t('history.details.value'),
        width: 260,
        render: (_, r) => {
          if (r.def.format !== 'bits' || r.raw === undefined) {
            return <span data-testid={`snapshot-value-${r.def.number}`}>{formatRegisterWithUnit(r.def, r.raw, { t, lang })}</span>;
          }
          const set = setBits(r.def, r.raw);
          return (
            <span data-testid={`snapshot-value-${r.def.number}`}>
              {set.length === 0
                ? t('devices.value.noBits')
                : set.map((b) => (
                    <Tag key={b.bit} color={b.severity === 'fault' ? 'red' : b.severity === 'alert' ? 'orange' : 'blue'} data-bit={b.bit}>
                      {localized(b.name, lang)}
                    </Tag>
                  ))}
            </span>
          );
        },
      },
      { key: 'raw', title: t('history.details.raw'), width: 90, responsive: ['md'], render: (_, r) => r.raw ?? '—' },
      { key: 'unit', title: t('history.details.unit'), width: 80, responsive: ['md'], render: (_, r) => r.def.unit || '—' },
      { key: 'format', title: t('history.details.format'), width: 110, responsive: ['lg'], render: (_, r) => formatLabel(t, r.def.format) },
    ],
    [t, lang],
  );

  return (
    <>
      <DeviceHeader device={device} current="errorDetails" />
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
        style={{ marginBottom: 12 }}
        data-testid="snapshot-info"
        items={[
          { key: 'at', label: t('history.details.at'), children: formatTime(at, lang) },
          {
            key: 'ts',
            label: t('history.details.snapshotAt'),
            children: snapshot ? (snapshot.ts === null ? t('history.details.noSnapshot') : formatTime(snapshot.ts, lang)) : '…',
          },
          ...(loadedRecord
            ? [
                {
                  key: 'record',
                  label: t('history.details.record'),
                  children: (
                    <span data-testid="snapshot-record">
                      <KindTag kind={loadedRecord.record.kind} />{' '}
                      {bitName(registers, loadedRecord.record.register, loadedRecord.record.bit, lang, t)}
                    </span>
                  ),
                },
                {
                  key: 'duration',
                  label: t('history.record.duration'),
                  children:
                    loadedRecord.record.endedAt === null
                      ? `${t('history.record.ongoing')} · ${recordDuration(loadedRecord.record.startedAt, null, loadedRecord.at, t)}`
                      : recordDuration(loadedRecord.record.startedAt, loadedRecord.record.endedAt, loadedRecord.at, t),
                },
              ]
            : []),
        ]}
      />
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 8 }} data-testid="snapshot-error" />}
      {snapshot && snapshot.ts === null && (
        <Alert type="info" showIcon title={t('history.details.noSnapshot')} style={{ marginBottom: 8 }} />
      )}
      <div className="dms-history-toolbar">
        <SearchInput
          placeholder={t('history.details.search')}
          aria-label={t('history.details.search')}
          value={filter}
          delayMs={0}
          onSearch={setFilter}
          style={{ maxWidth: 320 }}
          data-testid="snapshot-search"
        />
        <Link to={historyPaths.errorRecord(device.boxId, device.controller)} data-testid="snapshot-records-link">
          {t('history.details.allRecords')}
        </Link>
        <Typography.Text type="secondary">{t('history.details.legend')}</Typography.Text>
      </div>
      <Table<Row>
        data-testid="snapshot-table"
        rowKey={(r) => r.def.number}
        size="small"
        bordered
        columns={columns}
        dataSource={shown}
        loading={!snapshot && !error}
        rowClassName={(r) => (r.severity === 'fault' ? 'dms-history-bit-fault' : r.severity === 'alert' ? 'dms-history-bit-alert' : '')}
        onRow={(r) => ({ 'data-register': r.def.number, 'data-severity': r.severity ?? '' }) as HTMLAttributes<HTMLElement>}
        scroll={{ x: 700 }}
        pagination={{ pageSize: 50, showSizeChanger: true, pageSizeOptions: [20, 50, 100, 200] }}
      />
    </>
  );
}
