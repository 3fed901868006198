import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../src/db/database.js';
import { dropHistoryPartitionsBefore, ensureHistoryPartitions, historyPartitions, partitionName } from '../src/db/history-partitions.js';
import { migrate } from '../src/db/migrations.js';
import { insertHistory, restampFuture } from '../src/ingest/repository.js';
import { PG_URL, testDialects } from './helper.js';

const dialects = await testDialects();
const DAY = 86_400_000;
const month = (y: number, m: number) => Date.UTC(y, m - 1, 1);
const vals = (v: number) => Buffer.from([0x9c, 0x41, 0, v]);

/** History's monthly partitions on PostgreSQL (migration 0036, db/history-partitions.ts). */
describe.skipIf(!dialects.includes('postgres'))('history partitioned by month on postgres', () => {
  let db: Db;
  let close: () => Promise<void>;
  const schema = `t_db_${process.pid}_hp${Date.now().toString(36)}`;
  const rows = async (deviceId: number) =>
    (await db.selectFrom('history').select(['ts', 'box_ts']).where('device_id', '=', deviceId).orderBy('ts').execute()).map((r) => [
      r.ts,
      r.box_ts,
    ]);
  /** Where each of a device's rows is: the table that holds it. */
  const tables = async (deviceId: number) =>
    (
      await sql<{
        t: string;
        ts: number;
      }>`SELECT tableoid::regclass::text AS t, ts FROM history WHERE device_id = ${deviceId} ORDER BY ts`.execute(db)
    ).rows.map((r) => [r.ts, r.t.replace(`${schema}.`, '')]);

  beforeAll(async () => {
    ({ db, close } = await openDatabase({ kind: 'postgres', url: PG_URL, schema }));
    await migrate(db, 'postgres', schema, '0035_history_rollups');
  });
  // The schema is dropped with the others once every test file is done (global-setup.ts).
  afterAll(() => close());

  it('the migration moves every row into the table of its month, and the box times into their own table', async () => {
    await db
      .insertInto('history')
      .values([
        { device_id: 1, ts: month(2026, 9) + DAY, vals: vals(1) },
        { device_id: 1, ts: month(2026, 10) - 1, vals: vals(2) },
        { device_id: 1, ts: month(2026, 11) + 5, vals: vals(3), box_ts: month(2027, 3) },
        { device_id: 2, ts: month(2026, 11) + 7, vals: vals(4) },
      ])
      .execute();
    expect(await migrate(db, 'postgres', schema, '0036_history_partitions')).toEqual(['0036_history_partitions']);
    expect((await historyPartitions(db)).sort()).toEqual([month(2026, 9), month(2026, 11)]);
    expect(await tables(1)).toEqual([
      [month(2026, 9) + DAY, 'history_m202609'],
      [month(2026, 10) - 1, 'history_m202609'],
      [month(2026, 11) + 5, 'history_m202611'],
    ]);
    expect(await db.selectFrom('history_box_times').selectAll().execute()).toEqual([
      { device_id: 1, box_ts: month(2027, 3), ts: month(2026, 11) + 5 },
    ]);
    const partitioned = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM pg_partitioned_table WHERE partrelid = 'history'::regclass`.execute(db);
    expect(partitioned.rows[0]?.n).toBe(1);
  });

  it('a month gets its table when history is first written to it, with the rows the default table held for it', async () => {
    // Written without the writer (a tool, a test): no month of its own yet, so the default table holds it.
    await db
      .insertInto('history')
      .values({ device_id: 3, ts: month(2026, 12) + 10, vals: vals(1) })
      .execute();
    expect(await tables(3)).toEqual([[month(2026, 12) + 10, 'history_default']]);
    await insertHistory(db, [{ device_id: 3, ts: month(2026, 12) + 20, vals: vals(2) }], () => []);
    expect(await tables(3)).toEqual([
      [month(2026, 12) + 10, 'history_m202612'],
      [month(2026, 12) + 20, 'history_m202612'],
    ]);
    // Asked again (another thread or instance made it meanwhile): nothing changes.
    await ensureHistoryPartitions(db, month(2026, 12), month(2026, 12) + DAY);
    expect(partitionName(month(2026, 12))).toBe('history_m202612');
  });

  it('stores a snapshot kept at its receive time once, however often it comes, in one batch or in several', async () => {
    const boxTs = month(2027, 6);
    const row = (ts: number) => ({ device_id: 4, ts, vals: vals(ts % 250), box_ts: boxTs });
    await insertHistory(db, [row(month(2026, 11) + 100), row(month(2026, 11) + 101)], () => []);
    await insertHistory(db, [row(month(2026, 11) + 102)], () => []);
    expect(await rows(4)).toEqual([[month(2026, 11) + 100, boxTs]]);
    // An ordinary snapshot beside it is stored.
    await insertHistory(db, [{ device_id: 4, ts: month(2026, 11) + 103, vals: vals(9) }], () => []);
    expect(await rows(4)).toEqual([
      [month(2026, 11) + 100, boxTs],
      [month(2026, 11) + 103, null],
    ]);
  });

  it('retention drops the months wholly past it and leaves the rest, row by row, to the caller', async () => {
    const before = month(2026, 11) + 6;
    expect(await dropHistoryPartitionsBefore(db, before)).toBe(1);
    expect((await historyPartitions(db)).sort()).toEqual([month(2026, 11), month(2026, 12)]);
    expect(await rows(1)).toEqual([[month(2026, 11) + 5, month(2027, 3)]]);
    expect(await rows(2)).toEqual([[month(2026, 11) + 7, null]]);
    // The box times of snapshots stored before it go with them.
    expect(await db.selectFrom('history_box_times').select('device_id').where('ts', '<', before).execute()).toEqual([]);
    // Written again to a month dropped (a retention made longer since): its table is made again.
    await insertHistory(db, [{ device_id: 5, ts: month(2026, 9) + 1, vals: vals(1) }], () => []);
    expect(await tables(5)).toEqual([[month(2026, 9) + 1, 'history_m202609']]);
  });

  it('a clock repair claims the box times of the rows it re-stamps: a resend of one is not stored again', async () => {
    const now = month(2026, 11) + 10 * DAY;
    const future = now + 400 * DAY;
    await insertHistory(db, [{ device_id: 6, ts: future, vals: vals(1) }], () => [{ device_id: 6, ts: future, vals: vals(1) }]);
    expect(await restampFuture(db, now, now + 300_000)).toEqual({ devices: 1, rows: 1 });
    expect(await rows(6)).toEqual([[now, future]]);
    expect(await db.selectFrom('history_box_times').select(['box_ts', 'ts']).where('device_id', '=', 6).execute()).toEqual([
      { box_ts: future, ts: now },
    ]);
    await insertHistory(db, [{ device_id: 6, ts: now + 1, vals: vals(1), box_ts: future }], () => []);
    expect(await rows(6)).toEqual([[now, future]]);
  });
});
