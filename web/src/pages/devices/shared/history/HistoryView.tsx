import { Card, Empty, Typography, type TableColumnsType } from 'antd';
import { endpointQuery } from '@/api/call';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, eraAt, MAX_RANGE_MS, registersByNumber, type HistoryRow } from '@dms/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useDeviceEvents } from '@/api/realtime';
import { ExportButton } from '@/components/list-page/ExportButton';
import { ListTable } from '@/components/list-page/ListTable';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useListState } from '@/components/list-page/useListState';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useNow } from '@/lib/useNow';
import { formatRegisterWithUnit, registerName, registerRaw } from '@/features/devices/registers';
import { DeviceHeader } from './DeviceHeader';
import { parseDevice } from '@/features/devices/params';
import { RangeBar } from './RangeBar';
import { newestOf, MAX_FRESH, pruneFresh, withFresh } from './live-rows';
import { PRESET_MS, type TimeRange, type WindowChoice } from './range';
import { usePageWindow } from './useWindow';
import { defaultRegisters, RegisterSelect } from './RegisterSelect';
import { useHistoryDevice, type HistoryDevice } from './useHistoryDevice';
import './history.css';

/** How many registers the table starts with. */
const DEFAULT_COLUMNS = 6;
/** The window when the URL names none: the last 24 hours. */
const DEFAULT_WINDOW: WindowChoice<Preset> = { preset: '24h' };
/** Wait after a live reading before a page after the first is loaded again (one load for a burst of readings). */
const SHIFT_DELAY_MS = 1000;

type Preset = keyof typeof PRESET_MS;

/**
 * history/{tag_id}/{controller_id} and plcHistory: the device's snapshots over a chosen range, one column per chosen
 * register the user may read (formatted in its display format), newest first, paged on the server, exportable to .xlsx. The range is
 * kept in the URL (`?range=1h|24h|7d`, or `?from=&to=`); a preset ends at the present and moves on with the clock.
 * While the range holds the present, each new reading joins the top of the first page as it comes (live push), and
 * the total counts it; a later page is loaded again, so its rows shift down as the readings come.
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
  const { device, registers, readable } = loaded;
  const { range, choose } = usePageWindow(PRESET_MS, DEFAULT_WINDOW, MAX_RANGE_MS);
  const [chosen, setChosen] = useState<number[]>(() => defaultRegisters(readable, DEFAULT_COLUMNS));
  const { boxId, controller } = device;
  const list = useListState({ registers: chosen });
  const { filter, page: pageNo, pageSize } = list.params;
  const query = endpointQuery(api.history.snapshots, {
    params: { boxId, controller },
    query: { from: range.from, to: range.to, registers: filter.registers, page: pageNo, page_size: pageSize },
  });
  const fetched = usePagedQuery(query);
  // The page's map eras (controller-types/eras.ts): each row is read with the map of its moment when the map changed.
  const eras = useQuery(endpointQuery(api.history.maps, { params: { boxId, controller }, query: { from: range.from, to: range.to } })).data;
  const eraMaps = useMemo(() => (eras ?? []).map((era) => ({ from: era.from, map: registersByNumber(era.registers) })), [eras]);
  const client = useQueryClient();
  const { setFilter, setPage } = list;

  // Live readings the first page's answer does not hold yet (see withFresh).
  const [fresh, setFresh] = useState<HistoryRow[]>([]);
  const firstPage = pageNo === 1 && !fetched.loading;
  const follows = range.preset !== 'custom';
  const shown = firstPage ? withFresh(fetched.data, fresh, pageSize, range.from, follows ? undefined : range.to) : fetched.data;
  const page = shown === fetched.data ? fetched : { ...fetched, data: shown };

  // A later page is loaded again after readings came (its rows shift down by as many), once for a burst of them.
  const shift = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(
    () => () => {
      clearTimeout(shift.current);
    },
    [],
  );

  const now = useNow(60_000);
  const live = follows || (range.from <= now && now < range.to);
  useDeviceEvents(live ? [device.id] : [], (event) => {
    if (event.type === 'lagged') {
      setFresh([]);
      fetched.reload();
      return;
    }
    if (event.type !== 'values' || event.device !== device.id) return;
    if (event.ts < range.from || (!follows && event.ts >= range.to)) return;
    if (pageNo !== 1) {
      if (shift.current === undefined) {
        shift.current = setTimeout(() => {
          shift.current = undefined;
          void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
        }, SHIFT_DELAY_MS);
      }
      return;
    }
    const row = { ts: event.ts, values: event.values };
    const kept = firstPage ? pruneFresh(fresh, newestOf(fetched.data), range.from) : fresh;
    if (kept.length >= MAX_FRESH) {
      setFresh([]);
      fetched.reload();
      return;
    }
    setFresh([...kept, row]);
  });

  const changeRange = (next: TimeRange) => {
    choose(next.preset === 'custom' ? { preset: 'custom', from: next.from, to: next.to } : { preset: next.preset });
    setPage(1, pageSize);
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
        const current = registers.get(n);
        const def = current ?? eraMaps.findLast((e) => e.map.has(n))?.map.get(n);
        return {
          key: String(n),
          title: def ? registerName(def, lang) : `#${n}`,
          width: def?.format === 'bits' ? 220 : 140,
          ellipsis: true,
          render: (_: unknown, row: HistoryRow) => {
            // The map of the row's moment, when the range spans a change of the map; else the map in use.
            const own = eraMaps.length > 0 ? eraAt(eraMaps, row.ts)?.map.get(n) : current;
            if (!own) return eraMaps.length > 0 ? '—' : (row.values[String(n)] ?? '—');
            return formatRegisterWithUnit(own, registerRaw(own, row.values), { t, lang });
          },
        };
      }),
    ],
    [filter.registers, registers, eraMaps, t, lang],
  );

  return (
    <>
      <DeviceHeader device={device} current={view} />
      <div className="dms-history-toolbar">
        <RangeBar value={range} onChange={changeRange} onRefresh={fetched.reload} />
        <RegisterSelect registers={readable} value={chosen} onChange={changeRegisters} />
        <ExportButton
          testId="history-export"
          disabled={chosen.length === 0}
          body={() => ({
            kind: 'history',
            device: { boxId, controller },
            filter: {
              from: range.from,
              to: follows ? Math.max(range.to, Date.now() + 1000) : range.to,
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
