import { sql } from 'kysely';
import { dialectOf, type Db } from './database.js';

/*
 * History's monthly partitions on PostgreSQL (migration 0036): `history_mYYYYMM` holds the UTC month of `ts` that
 * starts it, `history_default` whatever no month holds. A month gets its table when history is first written to it
 * (ensureHistoryPartitions, from the history writer), and loses it whole once all of it is past the retention
 * (dropHistoryPartitionsBefore). SQLite keeps one table: both do nothing there.
 */

/** The months each connection knows have their table (its first call reads them from the catalog). */
const known = new WeakMap<Db, Set<number>>();

/** The start of the UTC month that holds `ts`. */
export function monthStart(ts: number): number {
  const d = new Date(ts);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

function nextMonth(start: number): number {
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** A month's table: `history_m202611`. */
export function partitionName(start: number): string {
  const d = new Date(start);
  return `history_m${String(d.getUTCFullYear()).padStart(4, '0')}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

const NAME = /^history_m(\d{4})(\d{2})$/;

/** The months that have their table now, by their start. */
export async function historyPartitions(db: Db): Promise<number[]> {
  const rows = await sql<{ name: string }>`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'history'::regclass`.execute(db);
  return rows.rows.flatMap(({ name }) => {
    const m = NAME.exec(name);
    return m ? [Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)] : [];
  });
}

/** Waits for, then holds to the end of the transaction, the right to make or drop this schema's months. */
async function lockPartitions(trx: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.history partitions'))`.execute(trx);
}

/** Makes sure each month from `from`'s to `to`'s has its table (PostgreSQL). */
export async function ensureHistoryPartitions(db: Db, from: number, to: number): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  let months = known.get(db);
  if (!months) {
    months = new Set(await historyPartitions(db));
    known.set(db, months);
  }
  for (let start = monthStart(from); start <= to; start = nextMonth(start)) {
    if (months.has(start)) continue;
    await createPartition(db, start);
    months.add(start);
  }
}

/**
 * A month's table, with the rows `history_default` held for it moved in; one connection at a time (an advisory lock:
 * the main thread and the writer's, or another instance, may want the same month), and nothing when it is there.
 */
async function createPartition(db: Db, start: number): Promise<void> {
  const end = nextMonth(start);
  const name = partitionName(start);
  await db.transaction().execute(async (trx) => {
    await lockPartitions(trx);
    const there = await sql<{ t: string | null }>`SELECT to_regclass(${name})::text AS t`.execute(trx);
    if (there.rows[0]?.t) return;
    await sql`CREATE TABLE ${sql.id(name)} (LIKE history INCLUDING DEFAULTS)`.execute(trx);
    await sql`WITH moved AS (DELETE FROM history_default WHERE ts >= ${start} AND ts < ${end} RETURNING device_id, ts, vals, box_ts)
      INSERT INTO ${sql.id(name)} (device_id, ts, vals, box_ts) SELECT device_id, ts, vals, box_ts FROM moved`.execute(trx);
    await sql`ALTER TABLE history ATTACH PARTITION ${sql.id(name)} FOR VALUES FROM (${sql.lit(start)}) TO (${sql.lit(end)})`.execute(trx);
  });
}

/**
 * Drops the months wholly before `before`, and the box times of snapshots stored before it (PostgreSQL); answers the
 * months dropped. What is left before `before` (in the month it falls in, and in `history_default`) is the caller's to
 * delete row by row.
 */
export async function dropHistoryPartitionsBefore(db: Db, before: number): Promise<number> {
  if (dialectOf(db) !== 'postgres') return 0;
  const old = (await historyPartitions(db)).filter((start) => nextMonth(start) <= before);
  for (const start of old) {
    await db.transaction().execute(async (trx) => {
      await lockPartitions(trx);
      await sql`DROP TABLE IF EXISTS ${sql.id(partitionName(start))}`.execute(trx);
    });
    known.get(db)?.delete(start);
  }
  await db.deleteFrom('history_box_times').where('ts', '<', before).execute();
  return old.length;
}

/**
 * Of history rows about to be written (PostgreSQL), those whose box time is not yet another snapshot's of their
 * device: each such time is claimed in `history_box_times`, in the caller's transaction, so a snapshot stored at its
 * receive time and sent again is still stored once (SQLite's unique index on `box_ts` does it there).
 */
export async function claimBoxTimes<R extends { device_id: number; ts: number; box_ts?: number | null }>(db: Db, rows: R[]): Promise<R[]> {
  const timed = rows.filter((r) => r.box_ts !== null && r.box_ts !== undefined);
  if (timed.length === 0) return rows;
  const claimed = await db
    .insertInto('history_box_times')
    .values(timed.map((r) => ({ device_id: r.device_id, box_ts: r.box_ts ?? 0, ts: r.ts })))
    .onConflict((oc) => oc.doNothing())
    .returning(['device_id', 'box_ts'])
    .execute();
  const open = new Set(claimed.map((c) => `${c.device_id}:${c.box_ts}`));
  // A time claimed once goes to one row: the same snapshot twice in a batch is stored once.
  return rows.filter((r) => r.box_ts === null || r.box_ts === undefined || open.delete(`${r.device_id}:${r.box_ts}`));
}
