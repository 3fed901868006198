import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { DeviceLatestTable, HistoryTable } from '../db/schema.js';
import * as repo from './repository.js';

/**
 * A batch of history rows and the latest values of their devices, packed into two buffers that move to the history
 * writer's thread without a copy (writer.ts): per history row its device, time, box time (NaN when none) and the
 * length of its values, then per latest row its device, time and length; the values themselves one after another.
 */
export interface PackedBatch {
  rows: number;
  latest: number;
  numbers: Float64Array<ArrayBuffer>;
  bytes: Uint8Array<ArrayBuffer>;
}

interface Row {
  deviceId: number;
  ts: number;
  boxTs?: number;
  vals: Uint8Array;
}

export function packBatch(rows: readonly Row[], latest: ReadonlyArray<Omit<Row, 'boxTs'>>): PackedBatch {
  let size = 0;
  for (const r of rows) size += r.vals.byteLength;
  for (const l of latest) size += l.vals.byteLength;
  const numbers = new Float64Array(rows.length * 4 + latest.length * 3);
  const bytes = new Uint8Array(size);
  let n = 0;
  let at = 0;
  for (const r of rows) {
    numbers[n++] = r.deviceId;
    numbers[n++] = r.ts;
    numbers[n++] = r.boxTs ?? Number.NaN;
    numbers[n++] = r.vals.byteLength;
    bytes.set(r.vals, at);
    at += r.vals.byteLength;
  }
  for (const l of latest) {
    numbers[n++] = l.deviceId;
    numbers[n++] = l.ts;
    numbers[n++] = l.vals.byteLength;
    bytes.set(l.vals, at);
    at += l.vals.byteLength;
  }
  return { rows: rows.length, latest: latest.length, numbers, bytes };
}

export function unpackBatch(batch: PackedBatch): {
  rows: Array<Insertable<HistoryTable>>;
  latest: Array<Insertable<DeviceLatestTable>>;
} {
  const { numbers, bytes } = batch;
  const slice = (at: number, length: number) => Buffer.from(bytes.buffer, bytes.byteOffset + at, length);
  const rows: Array<Insertable<HistoryTable>> = [];
  const latest: Array<Insertable<DeviceLatestTable>> = [];
  let n = 0;
  let at = 0;
  for (let i = 0; i < batch.rows; i++, n += 4) {
    const length = numbers[n + 3] ?? 0;
    const boxTs = numbers[n + 2] ?? Number.NaN;
    rows.push({ device_id: numbers[n] ?? 0, ts: numbers[n + 1] ?? 0, vals: slice(at, length), box_ts: Number.isNaN(boxTs) ? null : boxTs });
    at += length;
  }
  for (let i = 0; i < batch.latest; i++, n += 3) {
    const length = numbers[n + 2] ?? 0;
    latest.push({ device_id: numbers[n] ?? 0, ts: numbers[n + 1] ?? 0, vals: slice(at, length) });
    at += length;
  }
  return { rows, latest };
}

/** Writes a packed batch in one transaction (repository.ts insertHistory): in the writer's thread, or in-process. */
export async function writePacked(db: Db, batch: PackedBatch): Promise<void> {
  const { rows, latest } = unpackBatch(batch);
  await repo.insertHistory(db, rows, () => latest);
}
