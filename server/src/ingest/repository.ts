import type { HelloPayload, SpecificStatus } from '@dms/contract';
import { sql, type Insertable } from 'kysely';
import { dialectOf, type Db } from '../db/database.js';
import { claimBoxTimes, ensureHistoryPartitions } from '../db/history-partitions.js';
import { liveBox, liveDevice } from '../access/repository.js';
import type {
  BoxConnectionLogTable,
  BoxIpLogTable,
  DeviceLatestTable,
  DevicesTable,
  HistoryTable,
  UnregisteredBoxesTable,
} from '../db/schema.js';
import type { DeviceState } from './state.js';

export function allBoxes(db: Db, only?: readonly number[]) {
  let q = db
    .selectFrom('boxes as b')
    .select(['b.box_id', 'b.owner_id', 'b.secret_hash', 'b.ip', 'b.online', 'b.last_seen', 'b.ck', 'b.report_interval'])
    // A deleted box (/smartbox/box-delete) is not ingest's until it is restored.
    .where(liveBox);
  if (only) q = q.where('b.box_id', 'in', only);
  return q.execute();
}

/** What ingest keeps of each device at start (not the people's fields of spec 3, which it never reads). */
export function allDevices(db: Db, only?: readonly number[]) {
  let q = db
    .selectFrom('devices as d')
    .select(['d.id', 'd.box_id', 'd.controller', 'd.owner_id', 'd.type_id', 'd.type_code', 'd.fault', 'd.alert', 'd.status'])
    .where(liveDevice);
  if (only) q = q.where('d.box_id', 'in', only);
  return q.execute();
}

export function allLatest(db: Db, devices?: readonly number[]) {
  let q = db.selectFrom('device_latest').selectAll();
  if (devices) q = q.where('device_id', 'in', devices);
  return q.execute();
}

/** How many rows the unregistered-box table keeps: the newest by last attempt; older ones go as new ones come. */
export const UNREGISTERED_KEEP = 1000;

/** A box refused at connect (or data from an unknown box through an external broker). */
export interface Refusal {
  boxId: number | null;
  clientId: string;
  username: string;
  ip: string;
  reason: UnregisteredBoxesTable['reason'];
  time: number;
}

/**
 * Records refused boxes, in order, in one transaction: a box already in the table gets one more attempt; a new one
 * gets a row if `mayAdd(refusal)` allows it (the caller's rate per address). Then the table is cut to its newest
 * `keep` rows. Answers, for each refusal, whether it was recorded.
 */
export async function recordRefusals(
  db: Db,
  refusals: readonly Refusal[],
  mayAdd: (refusal: Refusal) => boolean,
  keep = UNREGISTERED_KEEP,
): Promise<boolean[]> {
  return db.transaction().execute(async (trx) => {
    const recorded: boolean[] = [];
    let added = false;
    for (const r of refusals) {
      const clientId = r.clientId.slice(0, 128);
      const username = r.username.slice(0, 128);
      const updated = await trx
        .updateTable('unregistered_boxes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), last_seen: r.time, ...(r.ip ? { ip: r.ip } : {}) }))
        .where('client_id', '=', clientId)
        .where('username', '=', username)
        .where('reason', '=', r.reason)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) {
        recorded.push(true);
        continue;
      }
      if (!mayAdd(r)) {
        recorded.push(false);
        continue;
      }
      await trx
        .insertInto('unregistered_boxes')
        .values({
          box_id: r.boxId,
          client_id: clientId,
          username,
          reason: r.reason,
          ip: r.ip,
          attempts: 1,
          first_seen: r.time,
          last_seen: r.time,
        })
        // Another server instance recorded the same box at the same moment: one more attempt on its row.
        .onConflict((oc) =>
          oc.columns(['client_id', 'username', 'reason']).doUpdateSet((eb) => ({
            attempts: eb('unregistered_boxes.attempts', '+', 1),
            last_seen: r.time,
          })),
        )
        .execute();
      added = true;
      recorded.push(true);
    }
    if (added) await pruneUnregistered(trx, keep);
    return recorded;
  });
}

/** Deletes all but the newest `keep` rows of the unregistered-box table (by last attempt, then by id). */
export async function pruneUnregistered(db: Db, keep = UNREGISTERED_KEEP): Promise<void> {
  await db
    .deleteFrom('unregistered_boxes')
    .where('id', 'not in', (eb) =>
      eb.selectFrom('unregistered_boxes').select('id').orderBy('last_seen', 'desc').orderBy('id', 'desc').limit(keep),
    )
    .execute();
}

export async function logIpChange(db: Db, row: Insertable<BoxIpLogTable>): Promise<void> {
  await db.insertInto('box_ip_log').values(row).execute();
}

export async function logConnection(db: Db, row: Insertable<BoxConnectionLogTable>, ip?: string): Promise<void> {
  await db.insertInto('box_connection_log').values(row).execute();
  if (ip) await db.updateTable('boxes').set({ ip }).where('box_id', '=', row.box_id).execute();
}

export async function setBoxOnline(db: Db, boxId: number, online: boolean, now: number): Promise<void> {
  await db
    .updateTable('boxes')
    .set({ online: online ? 1 : 0, last_seen: now })
    .where('box_id', '=', boxId)
    .execute();
}

export async function updateBoxHello(db: Db, boxId: number, hello: HelloPayload, now: number): Promise<void> {
  await db
    .updateTable('boxes')
    .set({
      firmware: hello.fw,
      hardware: hello.boxType,
      iccid: hello.iccid,
      signal: hello.signal,
      report_interval: hello.interval,
      // The address it dialed, as of this hello (a box that does not say it keeps what it said last).
      ...(hello.server === undefined ? {} : { dialed: hello.server, dialed_at: now }),
    })
    .where('box_id', '=', boxId)
    .execute();
}

/** Boxes whose last-seen times one statement writes (two parameters each). */
const SEEN_PER_STATEMENT = 500;

/**
 * Writes boxes' and their devices' last-seen times: two statements for each SEEN_PER_STATEMENT boxes, each taking its
 * times from a VALUES list (a statement a box cost two round trips each: 2,000 queries a second at 5,000 boxes).
 */
export async function saveLastSeen(db: Db, rows: Array<{ boxId: number; lastSeen: number }>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += SEEN_PER_STATEMENT) {
      const seen = sql.join(
        rows.slice(i, i + SEEN_PER_STATEMENT).map((r) => sql`(cast(${r.boxId} as bigint), cast(${r.lastSeen} as bigint))`),
      );
      await sql`with seen(box_id, last_seen) as (values ${seen})
        update boxes set last_seen = seen.last_seen from seen where boxes.box_id = seen.box_id`.execute(trx);
      await sql`with seen(box_id, last_seen) as (values ${seen})
        update devices set last_seen = seen.last_seen from seen where devices.box_id = seen.box_id`.execute(trx);
    }
  });
}

/** A device by its box and controller, as stored (one another instance made). */
export function deviceOf(db: Db, boxId: number, controller: number) {
  return db
    .selectFrom('devices')
    .select(['id', 'owner_id', 'fault', 'alert', 'status', 'type_code'])
    .where('box_id', '=', boxId)
    .where('controller', '=', controller)
    .executeTakeFirst();
}

export async function insertDevice(
  db: Db,
  row: Pick<Insertable<DevicesTable>, 'box_id' | 'controller' | 'type_id' | 'type_code' | 'owner_id' | 'status' | 'online' | 'created_at'>,
): Promise<number> {
  const inserted = await db
    .insertInto('devices')
    // The owning company starts as the one the box was registered to (spec 3); people may change it later.
    .values((eb) => ({
      ...row,
      fault: 0,
      alert: 0,
      last_seen: null,
      company: eb.selectFrom('boxes').select('company_name').where('box_id', '=', row.box_id),
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateDeviceType(db: Db, id: number, typeId: number | null, typeCode: string): Promise<void> {
  await db.updateTable('devices').set({ type_id: typeId, type_code: typeCode }).where('id', '=', id).execute();
}

export async function saveDeviceCondition(db: Db, device: DeviceState, now: number): Promise<void> {
  await db
    .updateTable('devices')
    .set({ status: device.status, online: device.online ? 1 : 0, fault: device.fault ? 1 : 0, alert: device.alert ? 1 : 0, last_seen: now })
    .where('id', '=', device.id)
    .execute();
}

export async function logTransition(db: Db, device: DeviceState, from: SpecificStatus, to: SpecificStatus, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('device_status_log').values({ device_id: device.id, time: now, from_status: from, to_status: to }).execute();
    await trx
      .updateTable('devices')
      .set({ status: to, online: device.online ? 1 : 0, fault: device.fault ? 1 : 0, alert: device.alert ? 1 : 0 })
      .where('id', '=', device.id)
      .execute();
  });
}

/** Rows per INSERT statement (3 parameters each, well under SQLite's and PostgreSQL's limits). */
const ROWS_PER_STATEMENT = 500;

/** The finest rollup level (modules/history/rollups.ts): ingest marks the minutes it stores snapshots in. */
export const ROLLUP_MINUTE_MS = 60_000;
export const ROLLUP_HOUR_MS = 3_600_000;

/** The minutes (device, minute start) that rows of history fall in, each once. */
export function rollupMarks(rows: ReadonlyArray<{ device_id: number; ts: number }>): Array<{ device_id: number; ts: number }> {
  const seen = new Map<number, Set<number>>();
  const marks: Array<{ device_id: number; ts: number }> = [];
  for (const r of rows) {
    const ts = r.ts - (r.ts % ROLLUP_MINUTE_MS);
    let minutes = seen.get(r.device_id);
    if (!minutes) seen.set(r.device_id, (minutes = new Set()));
    if (minutes.has(ts)) continue;
    minutes.add(ts);
    marks.push({ device_id: r.device_id, ts });
  }
  return marks;
}

/**
 * History rows (one already stored, same device and time or same device and box time, is skipped) and the devices'
 * latest values, in one transaction. `latest` is read inside it, so the latest values are those of the moment of the write.
 */
export async function insertHistory(
  db: Db,
  rows: Array<Insertable<HistoryTable>>,
  latest: () => Array<Insertable<DeviceLatestTable>>,
): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  if (postgres && rows.length > 0) {
    const times = rows.map((r) => r.ts);
    await ensureHistoryPartitions(db, Math.min(...times), Math.max(...times));
  }
  await db.transaction().execute(async (trx) => {
    const stored = postgres ? await claimBoxTimes(trx, rows) : rows;
    for (let i = 0; i < stored.length; i += ROWS_PER_STATEMENT) {
      await trx
        .insertInto('history')
        .values(stored.slice(i, i + ROWS_PER_STATEMENT))
        // Either key: (device_id, ts), or (device_id, box_ts) of a snapshot stored at its receive time.
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    // Their minutes' rollups are behind now (modules/history/rollups.ts), in the same transaction as the rows.
    const marks = rollupMarks(stored);
    for (let i = 0; i < marks.length; i += ROWS_PER_STATEMENT) {
      await trx
        .insertInto('history_rollup_dirty')
        .values(marks.slice(i, i + ROWS_PER_STATEMENT))
        .onConflict((oc) => oc.columns(['device_id', 'ts']).doUpdateSet({ seq: sql`history_rollup_dirty.seq + 1` }))
        .execute();
    }
    const latestRows = latest();
    for (let i = 0; i < latestRows.length; i += ROWS_PER_STATEMENT) {
      await trx
        .insertInto('device_latest')
        .values(latestRows.slice(i, i + ROWS_PER_STATEMENT))
        .onConflict((oc) => oc.column('device_id').doUpdateSet({ ts: sql`excluded.ts`, vals: sql`excluded.vals` }))
        .execute();
    }
  });
}

export async function deleteHistoryBefore(db: Db, deviceId: number, before: number): Promise<number> {
  const result = await db.deleteFrom('history').where('device_id', '=', deviceId).where('ts', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Re-stamps what a box clock far ahead left in the database (before CLOCK_SKEW_S existed, or after the server's clock
 * was set back): for each device whose latest time is past `limit`, its history rows past `limit` move, in their order,
 * to the last milliseconds up to `now` (or just after its newest trusted row, when that is later), keeping the box's
 * time in `box_ts`; its latest values keep their values at the newest of those times; its fault records follow their
 * snapshots. Each device in one transaction. Answers the devices and rows re-stamped.
 */
export async function restampFuture(db: Db, now: number, limit: number): Promise<{ devices: number; rows: number }> {
  const poisoned = await db.selectFrom('device_latest').select('device_id').where('ts', '>', limit).execute();
  let rows = 0;
  for (const { device_id: deviceId } of poisoned) {
    rows += await db.transaction().execute(async (trx) => {
      const future = await trx
        .selectFrom('history')
        .select('ts')
        .where('device_id', '=', deviceId)
        .where('ts', '>', limit)
        .orderBy('ts')
        .execute();
      const trusted = await trx
        .selectFrom('history')
        .select((eb) => eb.fn.max('ts').as('ts'))
        .where('device_id', '=', deviceId)
        .where('ts', '<=', limit)
        .executeTakeFirst();
      const newest = trusted?.ts ?? null;
      const base = Math.max(newest ?? -Infinity, now - future.length);
      // Out of the way first (times are positive, so their negatives are free), marking each with the box's time
      // unless that time already marks another row (the same snapshot, stored again at its receive time)...
      await trx
        .updateTable('history')
        .set((eb) => ({ box_ts: eb.ref('ts'), ts: eb.neg(eb.ref('ts')) }))
        .where('device_id', '=', deviceId)
        .where('ts', '>', limit)
        .where('box_ts', 'is', null)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('history as h')
                .select('h.device_id')
                .where('h.device_id', '=', deviceId)
                .whereRef('h.box_ts', '=', 'history.ts'),
            ),
          ),
        )
        .execute();
      await trx
        .updateTable('history')
        .set((eb) => ({ ts: eb.neg(eb.ref('ts')) }))
        .where('device_id', '=', deviceId)
        .where('ts', '>', limit)
        .execute();
      // ...then each to its new time, above every trusted row: no key collides on the way.
      const moved = new Map<number, number>();
      for (const [i, row] of future.entries()) {
        const ts = base + i + 1;
        moved.set(row.ts, ts);
        await trx.updateTable('history').set({ ts }).where('device_id', '=', deviceId).where('ts', '=', -row.ts).execute();
      }
      // PostgreSQL: the box times the rows now keep are claimed (db/history-partitions.ts), at the rows' new times.
      if (dialectOf(trx) === 'postgres')
        await sql`INSERT INTO history_box_times (device_id, box_ts, ts) SELECT device_id, box_ts, ts FROM history
          WHERE device_id = ${deviceId} AND box_ts IS NOT NULL ON CONFLICT (device_id, box_ts) DO UPDATE SET ts = excluded.ts`.execute(trx);
      const top = future.length > 0 ? base + future.length : Math.max(newest ?? now, now);
      await trx.updateTable('device_latest').set({ ts: top }).where('device_id', '=', deviceId).execute();
      const records = await trx
        .selectFrom('fault_records')
        .select(['id', 'started_at', 'ended_at'])
        .where('device_id', '=', deviceId)
        .where((eb) => eb.or([eb('started_at', '>', limit), eb('ended_at', '>', limit)]))
        .execute();
      const restamp = (t: number) => (t > limit ? (moved.get(t) ?? top) : t);
      for (const r of records) {
        await trx
          .updateTable('fault_records')
          .set({ started_at: restamp(r.started_at), ended_at: r.ended_at === null ? null : restamp(r.ended_at) })
          .where('id', '=', r.id)
          .execute();
      }
      // Rollups of the hours the rows left or came to are dropped, whole, and each of their minutes rolled up again.
      const earliest = Math.min(limit, base + 1);
      const cut = earliest - (earliest % ROLLUP_HOUR_MS);
      await trx.deleteFrom('history_rollups').where('device_id', '=', deviceId).where('ts', '>=', cut).execute();
      await sql`INSERT INTO history_rollup_dirty (device_id, ts)
        SELECT DISTINCT device_id, ts - ts % ${ROLLUP_MINUTE_MS} FROM history WHERE device_id = ${deviceId} AND ts >= ${cut}
        ON CONFLICT (device_id, ts) DO UPDATE SET seq = history_rollup_dirty.seq + 1`.execute(trx);
      return future.length;
    });
  }
  return { devices: poisoned.length, rows };
}
