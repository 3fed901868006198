import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import {
  bucketOf,
  Cells,
  Codings,
  COARSER_LEVELS,
  historyRows,
  LEVELS,
  ROLLUP_HOUR_MS,
  ROLLUP_MINUTE_MS,
  storedCells,
  writeRows,
  type RollupLevel,
  type RollupRetention,
  type RollupRow,
} from './rollup-cells.js';

/*
 * History rollups (issue 25; migrations 0035, 0037): per device, register and bucket of a minute, five minutes, ten
 * minutes and an hour, the count, min, max and sum of the register's raw values, each read with the map of its moment
 * (the type's version then; words as one unsigned word each for a device without a type). Charts read them instead of
 * every snapshot when their buckets are as wide as a level (rollup-read.ts).
 *
 * How they keep up: ingest marks each minute it stores snapshots in (`history_rollup_dirty`, in the transaction of
 * the rows; a mark already there has its `seq` raised). The job takes marks of closed minutes, oldest first, reads
 * those minutes' snapshots and sums them up outside any transaction, then in one short transaction deletes each mark
 * that still has the `seq` it read, and writes the minutes whose mark it deleted: their minute rollups, and their
 * coarser levels' by what each minute added since it was last rolled up (a minute only ever gains snapshots:
 * history rows are not changed in place, and what moves them drops the rollups of whole hours first), or from the
 * snapshots once the minutes are past their retention. A minute that gained snapshots meanwhile keeps its mark and is taken again; a
 * restart only leaves marks behind. Running it again writes the same rows: it is idempotent.
 */

/** Marked minutes taken per round. */
const MARKS_PER_CHUNK = 500;
/** Snapshots read at once: a device that reports many times a second is read some minutes at a time. */
const READ_SPAN_MS = 10 * ROLLUP_MINUTE_MS;
/** A minute is taken this long after it ends (snapshots of it still in flight would mark it again). */
export const ROLLUP_GRACE_MS = 5_000;

interface Mark {
  device_id: number;
  ts: number;
  seq: number;
}

/**
 * One device's marked minutes summed up from their snapshots, and, per coarser level, its buckets in hours that began
 * before the minutes' retention, summed up from their snapshots too.
 */
interface DeviceRound {
  deviceId: number;
  byMinute: Map<number, Cells>;
  old: Map<RollupLevel, Map<number, Cells>>;
}

/** Sums up one device's marked minutes (and the hours of those past the minutes' retention) from its snapshots. */
async function sumUp(
  db: Db,
  codings: Codings,
  typeId: number | null,
  deviceId: number,
  minutes: number[],
  kept: number,
): Promise<DeviceRound> {
  const codingAt = await codings.of(typeId);
  const byMinute = new Map<number, Cells>();
  const old = new Map<RollupLevel, Map<number, Cells>>(COARSER_LEVELS.map(({ level }) => [level, new Map()]));
  minutes.sort((a, b) => a - b);
  let i = 0;
  while (i < minutes.length) {
    const from = minutes[i] as number;
    const span: number[] = [];
    while (i < minutes.length && (minutes[i] as number) < from + READ_SPAN_MS) span.push(minutes[i++] as number);
    const marked = new Set(span);
    for (const row of await historyRows(db, deviceId, from, (span[span.length - 1] as number) + ROLLUP_MINUTE_MS)) {
      const minute = row.ts - (row.ts % ROLLUP_MINUTE_MS);
      if (!marked.has(minute) || minute < kept) continue;
      let cells = byMinute.get(minute);
      if (!cells) byMinute.set(minute, (cells = new Cells()));
      cells.snapshot(codingAt(row.ts), row.vals);
    }
  }
  for (const hour of new Set(minutes.filter((m) => m < kept).map((m) => bucketOf(m, ROLLUP_HOUR_MS)))) {
    for (const row of await historyRows(db, deviceId, hour, hour + ROLLUP_HOUR_MS))
      for (const [level, buckets] of old) {
        const start = bucketOf(row.ts, level);
        let cells = buckets.get(start);
        if (!cells) buckets.set(start, (cells = new Cells()));
        cells.snapshot(codingAt(row.ts), row.vals);
      }
  }
  return { deviceId, byMinute, old };
}

/**
 * The rows one device's round writes, its minutes whose mark was taken (`taken`), read against what is stored; none of
 * a level's buckets past that level's retention from `now` (late data, or an upgrade's whole history: the prune would
 * delete them).
 */
async function rowsOf(
  db: Db,
  round: DeviceRound,
  taken: (minute: number) => boolean,
  now: number,
  retention: RollupRetention,
): Promise<RollupRow[]> {
  const { deviceId } = round;
  const minutes = [...round.byMinute.keys()].filter(taken);
  const registers = [...new Set(minutes.flatMap((m) => [...(round.byMinute.get(m)?.byKey.values() ?? [])].map((c) => c.register)))];
  const before = await storedCells(db, deviceId, ROLLUP_MINUTE_MS, registers, minutes);
  const out: RollupRow[] = [];
  for (const minute of minutes)
    for (const cell of round.byMinute.get(minute)?.byKey.values() ?? [])
      out.push({ ...cell, deviceId, level: ROLLUP_MINUTE_MS, ts: minute });
  for (const { level, keep } of COARSER_LEVELS) {
    const kept = now - keep(retention);
    const old = round.old.get(level) ?? new Map<number, Cells>();
    // A bucket in an hour that began before the minutes' retention is rolled up from its snapshots (sumUp) instead.
    const starts = [...new Set(minutes.map((m) => bucketOf(m, level)))].filter((b) => !old.has(b) && b >= kept);
    const buckets = await storedCells(db, deviceId, level, registers, starts);
    for (const minute of minutes) {
      const bucket = buckets.get(bucketOf(minute, level));
      if (!bucket) continue;
      const was = before.get(minute);
      for (const [key, cell] of round.byMinute.get(minute)?.byKey ?? []) {
        const prior = was?.get(key);
        const b = bucket.get(key);
        if (!b) bucket.set(key, { ...cell });
        else {
          b.n += cell.n - (prior?.n ?? 0);
          b.sum += cell.sum - (prior?.sum ?? 0);
          b.min = Math.min(b.min, cell.min);
          b.max = Math.max(b.max, cell.max);
        }
      }
    }
    for (const [ts, cells] of buckets) for (const cell of cells.values()) out.push({ ...cell, deviceId, level, ts });
    for (const [ts, cells] of old) if (ts >= kept) for (const cell of cells.byKey.values()) out.push({ ...cell, deviceId, level, ts });
  }
  return out;
}

/** Rolls up one round of closed minutes (marked before `closedBefore`); answers how many marks it read. */
async function rollRound(db: Db, now: number, closedBefore: number, retention: RollupRetention): Promise<number> {
  const marks: Mark[] = await db
    .selectFrom('history_rollup_dirty')
    .select(['device_id', 'ts', 'seq'])
    .where('ts', '<', closedBefore)
    .orderBy('ts')
    .limit(MARKS_PER_CHUNK)
    .execute();
  if (marks.length === 0) return 0;
  const minutes = new Map<number, number[]>();
  for (const m of marks) {
    const list = minutes.get(m.device_id);
    if (list) list.push(m.ts);
    else minutes.set(m.device_id, [m.ts]);
  }
  const typeOf = new Map(
    (
      await db
        .selectFrom('devices')
        .select(['id', 'type_id'])
        .where('id', 'in', [...minutes.keys()])
        .execute()
    ).map((d) => [d.id, d.type_id]),
  );
  const codings = new Codings(db);
  const kept = now - retention.minuteMs;
  const rounds: DeviceRound[] = [];
  for (const [deviceId, list] of minutes)
    // A device deleted meanwhile has no rollups to keep: its marks go with its history.
    if (typeOf.has(deviceId)) rounds.push(await sumUp(db, codings, typeOf.get(deviceId) ?? null, deviceId, list, kept));
  await db.transaction().execute(async (tx) => {
    const taken = await tx
      .deleteFrom('history_rollup_dirty')
      .where((eb) =>
        eb(
          eb.refTuple('device_id', 'ts', 'seq'),
          'in',
          marks.map((m) => eb.tuple(m.device_id, m.ts, m.seq)),
        ),
      )
      .returning(['device_id', 'ts'])
      .execute();
    const keys = new Set(taken.map((t) => `${t.device_id}:${t.ts}`));
    const rows: RollupRow[] = [];
    for (const round of rounds) rows.push(...(await rowsOf(tx, round, (m) => keys.has(`${round.deviceId}:${m}`), now, retention)));
    await writeRows(tx, rows);
  });
  return marks.length;
}

/**
 * Rolls up every minute closed by `now` (marks of minutes that ended ROLLUP_GRACE_MS before it), a round of marks at a
 * time, letting other work run between rounds. Answers the marks read.
 */
export async function rollUp(db: Db, now: number, retention: RollupRetention): Promise<number> {
  const closedBefore = now - ROLLUP_MINUTE_MS - ROLLUP_GRACE_MS;
  let total = 0;
  for (let round = 0; ; round++) {
    const n = await rollRound(db, now, closedBefore, retention);
    total += n;
    // A minute that keeps gaining snapshots is left to the next run rather than chased.
    if (n < MARKS_PER_CHUNK || round > 10_000) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Deletes each level's rollups past its retention, device by device: the devices that hold rollups are walked on the
 * key (one lookup each, `PRUNE_CHUNK` at a time; a fleet's devices that never reported cost nothing, where reading
 * every device and asking for each was a million queries an hour at a million devices), then each device's registers
 * the same way, then a range of the key per register and level, never a scan of everything a device holds.
 * Answers the rows deleted.
 */
export async function pruneRollups(db: Db, now: number, retention: RollupRetention, chunk = PRUNE_CHUNK): Promise<number> {
  let deleted = 0;
  for (let after = 0; ;) {
    const devices = await keyWalk(db, sql`device_id`, sql`true`, after, chunk);
    for (const id of devices) {
      const registers = await keyWalk(db, sql`register`, sql`device_id = ${id}`, -1, REGISTERS_WALKED);
      if (registers.length === 0) continue;
      for (const { level, keep } of LEVELS) {
        const r = await db
          .deleteFrom('history_rollups')
          .where('device_id', '=', id)
          .where('register', 'in', registers)
          .where('level', '=', level)
          .where('ts', '<', now - keep(retention))
          .executeTakeFirst();
        deleted += Number(r.numDeletedRows);
      }
    }
    const last = devices.at(-1);
    if (last === undefined || devices.length < chunk) return deleted;
    after = last;
  }
}

/** Devices whose rollups one query of the prune's walk reads. */
const PRUNE_CHUNK = 1000;
/** More than the registers any device holds (register numbers are at most 65,535). */
const REGISTERS_WALKED = 100_000;

/**
 * The distinct values of a leading column of the rollups' key (`column`, where `where` holds) past `after`, up to
 * `limit` of them, in order: each found by one lookup of the key (a skip scan), not by reading the rows between.
 */
async function keyWalk(db: Db, column: RawBuilder<unknown>, where: RawBuilder<unknown>, after: number, limit: number): Promise<number[]> {
  const { rows } = await sql<{ v: number | string | null }>`WITH RECURSIVE k(v, n) AS (
      SELECT (SELECT min(${column}) FROM history_rollups WHERE ${where} AND ${column} > ${after}), 1
      UNION ALL
      SELECT (SELECT min(${column}) FROM history_rollups WHERE ${where} AND ${column} > k.v), k.n + 1 FROM k
      WHERE k.v IS NOT NULL AND k.n < ${limit}
    ) SELECT v FROM k WHERE v IS NOT NULL`.execute(db);
  return rows.map((r) => Number(r.v));
}

/** Minutes waiting to be rolled up (the open ones included). */
export async function rollupBacklog(db: Db): Promise<number> {
  const row = await db
    .selectFrom('history_rollup_dirty')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
