import { Card, Empty, Typography, type TableColumnsType } from 'antd';
import type { HistoryRow } from '@dms/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useDeviceEvents } from '../../../../api/realtime';
import { ExportButton } from '../../../../components/list-page/ExportButton';
import { ListTable } from '../../../../components/list-page/ListTable';
import { usePagedQuery, type PageOf } from '../../../../components/list-page/usePagedQuery';
import { useListState } from '../../../../components/list-page/useListState';
import { useI18n } from '../../../../i18n';
import { formatTime } from '../../../../lib/format-time';
import { useNow } from '../../../../lib/useNow';
import { historyQueries } from '../../../../queries/history';
import { formatRegisterWithUnit, registerName } from '../registers';
import { DeviceHeader } from './DeviceHeader';
import { parseDevice } from '../params';
import { RangeBar } from './RangeBar';
import { presetRange, type TimeRange } from './range';
import { defaultRegisters, RegisterSelect } from './RegisterSelect';
import { useHistoryDevice, type HistoryDevice } from './useHistoryDevice';
import './history.css';

/** How many registers the table starts with. */
const DEFAULT_COLUMNS = 6;

/** A reading the live push brought, put at the top of the first page (`first`) of `size` rows, and counted. */
function addReading(page: PageOf<HistoryRow>, row: HistoryRow, first: boolean, size: number): PageOf<HistoryRow> {
  if (page.items.some((r) => r.ts === row.ts)) return page;
  const items = first ? [row, ...page.items].sort((a, b) => b.ts - a.ts).slice(0, size) : page.items;
  return { total: page.total + 1, items };
}

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
  const list = useListState({ from: range.from, to: range.to, registers: chosen });
  const { filter, page: pageNo, pageSize } = list.params;
  const query = historyQueries.table(boxId, controller, { ...filter, page: pageNo, page_size: pageSize });
  const page = usePagedQuery(query);
  const client = useQueryClient();
  const { setFilter } = list;

  // A preset range (the last hour, day, week) follows the present: its end moves on with the readings that come.
  const now = useNow(60_000);
  const follows = range.preset !== 'custom';
  const live = follows || (filter.from <= now && now < filter.to);
  useDeviceEvents(live ? [device.id] : [], (event) => {
    if (event.type === 'lagged') {
      page.reload();
      return;
    }
    if (event.type !== 'values' || event.device !== device.id) return;
    if (event.ts < filter.from || (!follows && event.ts >= filter.to)) return;
    const row = { ts: event.ts, values: event.values };
    client.setQueryData(query.queryKey, (d) => d && addReading(d, row, pageNo === 1, pageSize));
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
      ...filter.registers.map((n) => {
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
    [filter.registers, registers, t, lang],
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
            filter: {
              from: filter.from,
              to: follows ? Math.max(filter.to, Date.now() + 1000) : filter.to,
              registers: filter.registers.join(','),
            },
          })}
        />
      </div>
      {chosen.length === 0 ? (
        <Empty description={t('history.registers.none')} />
      ) : (
        <ListTable
          data-testid="history-table"
          rowKey="ts"
          size="small"
          bordered
          list={list}
          page={page}
          columns={columns}
          scroll={{ x: 180 + filter.registers.length * 150 }}
          showTotal={(total) => t('history.table.total', { total })}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('history.table.hint')}
      </Typography.Paragraph>
    </>
  );
}
