import { Card, Empty, Table, Typography, type TableColumnsType } from 'antd';
import type { HistoryRow } from '@dms/contract';
import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { getHistory, type HistoryTableQuery } from '../../../api/history';
import { useDeviceEvents } from '../../../api/realtime';
import { useI18n } from '../../../i18n';
import { formatTime } from '../../../lib/format-time';
import { useNow } from '../../../lib/useNow';
import { useServerPage } from '../../../lib/useServerPage';
import { ExportButton } from '../shared/ExportButton';
import { formatRegisterWithUnit, registerName } from '../shared/registers';
import { DeviceHeader } from './common/DeviceHeader';
import { parseDevice } from '../shared/params';
import { RangeBar } from './common/RangeBar';
import { presetRange, type TimeRange } from './common/range';
import { defaultRegisters, RegisterSelect } from './common/RegisterSelect';
import { useHistoryDevice, type HistoryDevice } from './common/useHistoryDevice';
import './common/history.css';

/** How many registers the table starts with. */
const DEFAULT_COLUMNS = 6;

/**
 * history/{tag_id}/{controller_id} and plcHistory: the device's snapshots over a chosen range, one column per chosen
 * register (formatted in its display format), newest first, paged on the server, exportable to .xlsx. While the range
 * holds the present, each new reading joins the top of the first page as it comes (live push), and the total counts it.
 */
export function HistoryPage({ view }: { view: 'history' | 'plcHistory' }) {
  const { tagId, controllerId } = useParams();
  const address = parseDevice(tagId, controllerId);
  const loaded = useHistoryDevice(address);
  const { t } = useI18n();
  return (
    <Card title={t(`history.route.${view}`)} data-testid={`page-${view}`} loading={!loaded}>
      {loaded && <HistoryTable key={`${loaded.device.boxId}/${loaded.device.controller}`} loaded={loaded} view={view} />}
    </Card>
  );
}

function HistoryTable({ loaded, view }: { loaded: HistoryDevice; view: string }) {
  const { t, lang } = useI18n();
  const { device, type, registers } = loaded;
  const all = type?.registers ?? [];
  const [range, setRange] = useState<TimeRange>(() => presetRange('24h'));
  const [chosen, setChosen] = useState<number[]>(() => defaultRegisters(all, DEFAULT_COLUMNS));
  const { boxId, controller } = device;
  const fetchPage = useCallback(
    (query: HistoryTableQuery, signal: AbortSignal) => getHistory(boxId, controller, query, signal),
    [boxId, controller],
  );
  const list = useServerPage(fetchPage, { from: range.from, to: range.to, registers: chosen as readonly number[] });
  const { setFilter, update } = list;

  // A preset range (the last hour, day, week) follows the present: its end moves on with the readings that come.
  const now = useNow(60_000);
  const follows = range.preset !== 'custom';
  const live = follows || (list.filter.from <= now && now < list.filter.to);
  const first = list.page === 1;
  const size = list.pageSize;
  useDeviceEvents(live ? [device.id] : [], (event) => {
    if (event.type === 'lagged') {
      list.reload();
      return;
    }
    if (event.type !== 'values' || event.device !== device.id) return;
    if (event.ts < list.filter.from || (!follows && event.ts >= list.filter.to)) return;
    update((d) => {
      if (d.items.some((r) => r.ts === event.ts)) return d;
      const items = first ? [{ ts: event.ts, values: event.values }, ...d.items].sort((a, b) => b.ts - a.ts).slice(0, size) : d.items;
      return { total: d.total + 1, items };
    });
  });

  const changeRange = (next: TimeRange) => {
    setRange(next);
    setFilter({ from: next.from, to: next.to });
  };
  const changeRegisters = (next: number[]) => {
    setChosen(next);
    setFilter({ registers: next });
  };

  const columns = useMemo<TableColumnsType<HistoryRow>>(
    () => [
      {
        key: 'ts',
        title: t('history.table.time'),
        dataIndex: 'ts',
        width: 180,
        fixed: 'left',
        render: (ts: number) => formatTime(ts, lang),
      },
      ...list.filter.registers.map((n) => {
        const def = registers.get(n);
        return {
          key: String(n),
          title: def ? registerName(def, lang) : `#${n}`,
          width: def?.format === 'bits' ? 220 : 140,
          ellipsis: true,
          render: (_: unknown, row: HistoryRow) => {
            const raw = row.values[String(n)];
            return def ? formatRegisterWithUnit(def, raw, { t, lang }) : (raw ?? '—');
          },
        };
      }),
    ],
    [list.filter.registers, registers, t, lang],
  );

  return (
    <>
      <DeviceHeader device={device} current={view} />
      <div className="dms-history-toolbar">
        <RangeBar value={range} onChange={changeRange} />
        <RegisterSelect registers={all} value={chosen} onChange={changeRegisters} />
        <ExportButton
          testId="history-export"
          disabled={chosen.length === 0}
          body={() => ({
            kind: 'history',
            device: { boxId, controller },
            filter: { from: list.filter.from, to: follows ? Math.max(list.filter.to, Date.now() + 1000) : list.filter.to, registers: list.filter.registers.join(',') },
          })}
        />
      </div>
      {chosen.length === 0 ? (
        <Empty description={t('history.registers.none')} />
      ) : (
        <Table<HistoryRow>
          data-testid="history-table"
          rowKey="ts"
          size="small"
          bordered
          columns={columns}
          dataSource={list.data.items}
          loading={list.loading}
          scroll={{ x: 180 + list.filter.registers.length * 150 }}
          pagination={list.pagination((total) => t('history.table.total', { total }))}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('history.table.hint')}
      </Typography.Paragraph>
    </>
  );
}
