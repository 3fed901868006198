import { sql } from 'kysely';
import { faultsSeenBy, type FaultLens } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { dialectOf, matchingIds, searchText } from '../devices/search.js';

/** Snapshots of a device in [from, to), in time order (`asc`, or newest first). */
export function historyRange(db: Db, deviceId: number, from: number, to: number, order: 'asc' | 'desc') {
  return db
    .selectFrom('history')
    .select(['ts', 'vals'])
    .where('device_id', '=', deviceId)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .orderBy('ts', order);
}

/** Snapshots of a device in [from, to), newest first, one page. */
export function historyPage(db: Db, deviceId: number, from: number, to: number, offset: number, limit: number) {
  return historyRange(db, deviceId, from, to, 'desc').offset(offset).limit(limit).execute();
}

/** How many snapshots a device has in [from, to) (a range scan of the primary key (device_id, ts)). */
export async function historyCount(db: Db, deviceId: number, from: number, to: number): Promise<number> {
  const row = await db
    .selectFrom('history')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('device_id', '=', deviceId)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Snapshots of a device in [from, to) in `order`, `limit` at a time after the keyset `cursor` (exclusive). */
export function historyChunk(
  db: Db,
  deviceId: number,
  from: number,
  to: number,
  order: 'asc' | 'desc',
  cursor: number | null,
  limit: number,
) {
  let q = db.selectFrom('history').select(['ts', 'vals']).where('device_id', '=', deviceId).where('ts', '>=', from).where('ts', '<', to);
  if (cursor !== null) q = q.where('ts', order === 'asc' ? '>' : '<', cursor);
  return q.orderBy('ts', order).limit(limit).execute();
}

/** The snapshot stored at `at` or the last one before it. */
export function snapshotAt(db: Db, deviceId: number, at: number) {
  return db
    .selectFrom('history')
    .select(['ts', 'vals'])
    .where('device_id', '=', deviceId)
    .where('ts', '<=', at)
    .orderBy('ts', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function faultRecordOf(db: Db, deviceId: number, recordId: number) {
  return db
    .selectFrom('fault_records')
    .select(['id', 'started_at', 'snapshot'])
    .where('id', '=', recordId)
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
}

export interface FaultRecordFilter {
  /** What of fault records the user may see (their devices' data, registers their template reads). */
  lens: FaultLens;
  from: number;
  to: number;
  kind?: 'fault' | 'alert' | undefined;
  q?: string | undefined;
}

/**
 * Fault records started in [from, to) on the devices the user sees, with kind and search: the text anywhere in the
 * device's text (its company the list shows: its own, else its box registration's), as the device list searches
 * (devices/search.ts).
 */
function scopedRecords(db: Db, f: FaultRecordFilter) {
  let q = db
    .selectFrom('fault_records as f')
    .innerJoin('devices as d', 'd.id', 'f.device_id')
    .innerJoin('boxes as b', 'b.box_id', 'd.box_id')
    .where('f.started_at', '>=', f.from)
    .where('f.started_at', '<', f.to)
    .where(faultsSeenBy(f.lens));
  if (f.kind) q = q.where('f.kind', '=', f.kind);
  const text = f.q ? searchText(f.q) : '';
  if (text) q = q.where(sql<boolean>`d.id in ${matchingIds(dialectOf(db), text)}`);
  return q;
}

export async function countFaultRecords(db: Db, f: FaultRecordFilter): Promise<number> {
  const row = await scopedRecords(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One page of those records, newest first; after the keyset `before` (exclusive) when given (the export). */
export function listFaultRecords(db: Db, f: FaultRecordFilter, offset: number, limit: number, before?: { startedAt: number; id: number }) {
  let q = scopedRecords(db, f);
  if (before) {
    q = q.where((eb) =>
      eb.or([eb('f.started_at', '<', before.startedAt), eb.and([eb('f.started_at', '=', before.startedAt), eb('f.id', '<', before.id)])]),
    );
  }
  return q
    .select([
      'f.id',
      'f.kind',
      'f.register',
      'f.bit',
      'f.started_at',
      'f.ended_at',
      'd.id as device_id',
      'd.box_id',
      'd.controller',
      'd.company',
      'b.company_name',
      'd.model',
      'd.type_id',
    ])
    .orderBy('f.started_at', 'desc')
    .orderBy('f.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export type FaultRecordListRow = Awaited<ReturnType<typeof listFaultRecords>>[number];

/** When each of these controller types was last changed (the bit-name cache checks it). */
export function typeVersions(db: Db, ids: number[]) {
  return db.selectFrom('controller_types').select(['id', 'updated_at']).where('id', 'in', ids).execute();
}
