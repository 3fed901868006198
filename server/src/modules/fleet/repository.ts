import type { SpecificStatus } from '@dms/contract';
import { sql, type RawBuilder } from 'kysely';
import { deletedDeviceIds, faultsSeenBy, inScope, visibleTo, type DeviceScope, type FaultLens } from '../../access/index.js';
import type { Db } from '../../db/database.js';

export const HOUR_MS = 3_600_000;
export const ONLINE_STATUSES: SpecificStatus[] = ['online', 'online_alert', 'online_fault'];
export const OFFLINE_STATUSES: SpecificStatus[] = ['offline', 'offline_alert', 'offline_fault'];

/**
 * Which hour after `from` a time falls in, as an integer. The numbers are literals (computed here, never user input),
 * so the select and the GROUP BY are the same expression for PostgreSQL, and SQLite divides integers.
 */
function hourOf(column: RawBuilder<unknown>, from: number) {
  return sql<number>`cast((${column} - ${sql.lit(Math.trunc(from))}) / ${sql.lit(HOUR_MS)} as integer)`;
}

/** The ids of the devices in scope, as a subquery (for tables keyed by device id). */
function deviceIds(db: Db, userId: number) {
  return db.selectFrom('devices as d').select('d.id').where(visibleTo(userId));
}

/** The distinct boxes of the devices in scope. */
export async function boxesOf(db: Db, scope: DeviceScope): Promise<number[]> {
  let q = db.selectFrom('devices as d').select('d.box_id').distinct();
  q = q.where(inScope(scope));
  return (await q.execute()).map((r) => r.box_id);
}

/** The fault records a user may see (the lens: their devices' data, registers their template reads). */
function seenRecords(db: Db, lens: FaultLens) {
  return db.selectFrom('fault_records as f').innerJoin('devices as d', 'd.id', 'f.device_id').where(faultsSeenBy(lens));
}

/** Fault and alert records opened since `since` that the user may see, by kind. */
export async function recordsSince(db: Db, lens: FaultLens, since: number): Promise<{ fault: number; alert: number }> {
  const rows = await seenRecords(db, lens)
    .select(['f.kind', (eb) => eb.fn.countAll<number>().as('n')])
    .where('f.started_at', '>=', since)
    .groupBy('f.kind')
    .execute();
  const n = (k: string) => rows.find((r) => r.kind === k)?.n ?? 0;
  return { fault: n('fault'), alert: n('alert') };
}

/** Fault and alert records the user may see opened per hour from `from` (an hour start): [hour index, kind, count]. */
export async function recordsPerHour(db: Db, lens: FaultLens, from: number) {
  const hour = hourOf(sql.ref('f.started_at'), from);
  const rows = await seenRecords(db, lens)
    .select([hour.as('h'), 'f.kind', (eb) => eb.fn.countAll<number>().as('n')])
    .where('f.started_at', '>=', from)
    .groupBy([hour, 'f.kind'])
    .execute();
  return rows.map((r) => ({ h: r.h, kind: r.kind, n: r.n }));
}

/** Transitions per hour from `from` into `to` statuses from any status outside them. */
export async function transitionsPerHour(db: Db, scope: DeviceScope, from: number, into: SpecificStatus[]) {
  const hour = hourOf(sql.ref('s.time'), from);
  let q = db
    .selectFrom('device_status_log as s')
    .select([hour.as('h'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('s.time', '>=', from)
    .where('s.to_status', 'in', into)
    .where('s.from_status', 'not in', into);
  q = scope === null ? q.where('s.device_id', 'not in', deletedDeviceIds(db)) : q.where('s.device_id', 'in', deviceIds(db, scope));
  const rows = await q.groupBy(hour).execute();
  return rows.map((r) => ({ h: r.h, n: r.n }));
}

/**
 * Models with the most fault records the user may see opened since `since` (a device without a model counts under its
 * type code).
 */
export async function faultyModels(db: Db, lens: FaultLens, since: number, limit: number) {
  const model = sql<string>`case when d.model = '' then coalesce(d.type_code, '') else d.model end`;
  const rows = await seenRecords(db, lens)
    .select([model.as('model'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('f.started_at', '>=', since)
    .where('f.kind', '=', 'fault')
    .groupBy(model)
    .orderBy('n', 'desc')
    .orderBy(model)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ model: r.model, faults: r.n }));
}

/** The latest status transitions, newest first. */
export async function latestTransitions(db: Db, scope: DeviceScope, limit: number) {
  let q = db
    .selectFrom('device_status_log as s')
    .innerJoin('devices as d', 'd.id', 's.device_id')
    .innerJoin('boxes as b', 'b.box_id', 'd.box_id')
    .leftJoin('controller_types as t', 't.id', 'd.type_id')
    .select(['s.time', 's.device_id', 'd.box_id', 'd.controller', 't.kind', 'd.company', 'b.company_name', 's.from_status', 's.to_status']);
  q = q.where(inScope(scope));
  return q.orderBy('s.time', 'desc').orderBy('s.id', 'desc').limit(limit).execute();
}

/** Every device in scope (optionally in the given statuses) with what the map needs. */
export async function mapDevices(db: Db, scope: DeviceScope, statuses: SpecificStatus[] | undefined) {
  let q = db
    .selectFrom('devices as d')
    .innerJoin('boxes as b', 'b.box_id', 'd.box_id')
    .leftJoin('controller_types as t', 't.id', 'd.type_id')
    .select([
      'd.id',
      'd.box_id',
      'd.controller',
      'd.status',
      't.kind',
      'd.company',
      'b.company_name',
      'd.model',
      'd.type_code',
      'd.province',
      'd.city',
      'd.lng',
      'd.lat',
    ]);
  q = q.where(inScope(scope));
  if (statuses) q = q.where('d.status', 'in', statuses);
  return q.orderBy('d.box_id').orderBy('d.controller').execute();
}
