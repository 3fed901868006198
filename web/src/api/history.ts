import {
  faultRecord,
  faultRecordPage,
  historyPage,
  klineResult,
  seriesResult,
  snapshotResult,
  type FaultRecord,
  type FaultRecordPage,
  type HistoryPage,
  type KlinePeriod,
  type KlineResult,
  type SeriesResult,
  type SnapshotResult,
} from '@dms/contract';
import { z } from 'zod';
import { request } from './client';

/**
 * History calls of one device (/devices/{boxId}/{controller}/...) and the fault records across the user's devices:
 * history table, downsampled series, candles, snapshot at a moment, fault records (docs/api.md).
 * Register lists go as comma-separated numbers; values come back as raw words (the console scales them).
 */

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});
const devicePath = (boxId: number, controller: number) => `/devices/${boxId}/${controller}`;
const list = (registers: readonly number[] | undefined) => (registers && registers.length > 0 ? registers.join(',') : undefined);

export interface HistoryTableQuery {
  from: number;
  to: number;
  registers?: readonly number[];
  page: number;
  page_size: number;
}

/** One page of the snapshots of [from, to), newest first. */
export function getHistory(boxId: number, controller: number, query: HistoryTableQuery, signal?: AbortSignal): Promise<HistoryPage> {
  return request(
    {
      path: `${devicePath(boxId, controller)}/history`,
      query: { from: query.from, to: query.to, registers: list(query.registers), page: query.page, page_size: query.page_size },
      ...withSignal(signal),
    },
    historyPage,
  );
}

/** Registers over [from, to) in at most `points` buckets (min/max/avg of raw values per bucket). */
export function getSeries(
  boxId: number,
  controller: number,
  query: { registers: readonly number[]; from: number; to: number; points: number },
  signal?: AbortSignal,
): Promise<SeriesResult> {
  return request(
    {
      path: `${devicePath(boxId, controller)}/series`,
      query: { registers: query.registers.join(','), from: query.from, to: query.to, points: query.points },
      ...withSignal(signal),
    },
    seriesResult,
  );
}

/** Candles of one register per hour or day over [from, to). */
export function getKline(
  boxId: number,
  controller: number,
  query: { register: number; period: KlinePeriod; from: number; to: number },
  signal?: AbortSignal,
): Promise<KlineResult> {
  return request({ path: `${devicePath(boxId, controller)}/kline`, query: { ...query }, ...withSignal(signal) }, klineResult);
}

/** All register values at a moment (or a fault record's own snapshot). */
export function getSnapshot(
  boxId: number,
  controller: number,
  query: { at: number; record?: number | undefined },
  signal?: AbortSignal,
): Promise<SnapshotResult> {
  return request({ path: `${devicePath(boxId, controller)}/snapshot`, query: { ...query }, ...withSignal(signal) }, snapshotResult);
}

/** The device's fault and alert records, newest first. */
export function getDeviceFaultRecords(boxId: number, controller: number, signal?: AbortSignal): Promise<FaultRecord[]> {
  return request({ path: `${devicePath(boxId, controller)}/fault-records`, ...withSignal(signal) }, z.array(faultRecord));
}

export interface FaultRecordsFilter {
  from: number;
  to: number;
  kind?: 'fault' | 'alert' | undefined;
  q?: string | undefined;
}

/** Fault and alert records across the user's devices over [from, to), newest first, a page at a time. */
export function getFaultRecords(query: FaultRecordsFilter & { page: number; page_size: number }, signal?: AbortSignal): Promise<FaultRecordPage> {
  return request({ path: '/fault-records', query: { ...query }, ...withSignal(signal) }, faultRecordPage);
}
