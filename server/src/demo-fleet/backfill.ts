import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { BackfillOptions, BackfillReport } from '@dms/simulator';
import { encodeValues } from '../ingest/codec.js';
import { HistoryWriter, type HistoryItem } from '../ingest/writer.js';

/** Seconds between back-filled reports: coarser than live (10 s), fine enough for 24 h and 7 d charts and the k-line. */
export const BACKFILL_INTERVAL_S = 300;
/** History rows per transaction. */
export const BACKFILL_BATCH = 5000;

/** What the simulator's `backfillReports` answers (simulator/src/backfill.ts): one controller's past reports. */
export type ReportSource = (options: BackfillOptions) => Iterable<BackfillReport>;

/** A device to back-fill: its id, its place on its box and its controller type. */
export interface BackfillDevice {
  id: number;
  box_id: number;
  controller: number;
  type_code: string | null;
}

export interface BackfillResult {
  devices: number;
  rows: number;
  batches: number;
}

const SIMULATOR_LIBRARY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../simulator/dist/index.js');

/** The built simulator's report source, or null when the simulator is not built. */
export async function loadReportSource(): Promise<ReportSource | null> {
  try {
    const library: unknown = await import(pathToFileURL(SIMULATOR_LIBRARY).href);
    const source = (library as { backfillReports?: unknown }).backfillReports;
    return typeof source === 'function' ? (source as ReportSource) : null;
  } catch {
    return null;
  }
}

/**
 * Writes `days` days of history, up to `to`, for these devices, as the simulator's machine models would have reported
 * it every BACKFILL_INTERVAL_S seconds: through a history writer of its own, BACKFILL_BATCH rows per transaction, one
 * batch in memory at a time, with progress in the log. Devices of a type the simulator does not know are left out.
 */
export async function backfillHistory(
  app: FastifyInstance,
  devices: readonly BackfillDevice[],
  options: { days: number; to: number; source: ReportSource; seed?: string },
): Promise<BackfillResult> {
  const from = options.to - options.days * 86_400_000;
  const perDevice = Math.floor((options.to - from) / (BACKFILL_INTERVAL_S * 1000)) + 1;
  const total = perDevice * devices.length;
  const writer = new HistoryWriter(app.db, 50, () => null, app.log, BACKFILL_BATCH);
  const started = performance.now();
  app.log.info({ devices: devices.length, days: options.days, rows: total }, 'demo fleet: writing the history of the past days');
  let rows = 0;
  let done = 0;
  let logged = 0;
  let batch: HistoryItem[] = [];
  const write = async () => {
    const items = batch;
    batch = [];
    await writer.enqueue(items);
    await writer.flush();
    rows += items.length;
    const percent = Math.floor((100 * rows) / Math.max(total, 1));
    if (percent >= logged + 20 || rows === total) {
      logged = percent;
      app.log.info({ rows, of: total, percent }, 'demo fleet: history written');
    }
  };
  try {
    for (const device of devices) {
      if (!device.type_code) continue;
      const iterable = options.source({
        typeCode: device.type_code,
        controller: device.controller,
        seed: `${options.seed ?? 'demo'}:${device.box_id}`,
        from,
        to: options.to,
        interval: BACKFILL_INTERVAL_S,
      });
      const reports = iterable[Symbol.iterator]();
      let first: IteratorResult<{ ts: number; values: Record<string, number> }>;
      try {
        first = reports.next();
      } catch {
        continue; // a type the simulator does not simulate
      }
      for (let next = first; !next.done; next = reports.next()) {
        const values = new Map(Object.entries(next.value.values).map(([register, raw]) => [Number(register), raw] as const));
        batch.push({ deviceId: device.id, ts: next.value.ts, vals: encodeValues(values) });
        if (batch.length >= BACKFILL_BATCH) await write();
      }
      done += 1;
    }
    if (batch.length > 0) await write();
  } finally {
    await writer.close();
  }
  app.log.info(
    { devices: done, rows, batches: writer.batches, ms: Math.round(performance.now() - started) },
    'demo fleet: history of the past days written',
  );
  return { devices: done, rows, batches: writer.batches };
}
