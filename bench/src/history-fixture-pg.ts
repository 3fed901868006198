import { onPostgres } from './postgres.js';

/** Every minute of the history written marked for the rollup job, as migration 0035 marks an upgraded install's. */
export const MARK_EVERY_MINUTE =
  'insert into history_rollup_dirty (device_id, ts) select distinct device_id, ts - ts % 60000 from history where true on conflict do nothing';

/** A PostgreSQL schema to seed instead of the SQLite file: the server's `DATABASE_URL` and `DATABASE_SCHEMA`. */
export interface PostgresTarget {
  url: string;
  schema: string;
}

/**
 * The device of history-fixture.ts `seedDevice` and its snapshots, written into a PostgreSQL schema an empty server
 * made: the device row, then snapshots 0 to `steps - 1` (`snapshotAt(i)`; null: none at that step) in multi-row inserts
 * of 2,000, their minutes marked for the rollup job.
 */
export async function writeDevicePostgres(
  target: PostgresTarget,
  device: { boxId: number; typeId: number; managerId: number; end: number; from: number },
  steps: number,
  snapshotAt: (i: number) => { ts: number; vals: Buffer } | null,
): Promise<{ deviceId: number; rows: number }> {
  return onPostgres(target.url, async (client) => {
    await client.query(`set search_path = ${target.schema}`);
    const inserted = await client.query<{ id: number }>(
      `insert into devices (box_id, controller, type_id, type_code, owner_id, status, online, fault, alert, last_seen, created_at)
       values ($1, 1, $2, 'screw-compressor', $3, 'offline', 0, 0, 0, $4, $5) returning id`,
      [device.boxId, device.typeId, device.managerId, device.end, device.from],
    );
    const deviceId = Number(inserted.rows[0]?.id);
    // History's months (migration 0036), made before the rows as the server's writer makes them, so that none land in
    // the default table.
    for (let month = new Date(device.from); month.getTime() <= device.end;) {
      const start = Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1);
      const next = Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1);
      const name = `history_m${String(month.getUTCFullYear())}${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
      await client.query(`create table if not exists ${name} partition of history for values from (${String(start)}) to (${String(next)})`);
      month = new Date(next);
    }
    let rows = 0;
    const BATCH = 2000;
    for (let first = 0; first < steps; first += BATCH) {
      const params: unknown[] = [];
      const tuples: string[] = [];
      for (let i = first; i < Math.min(steps, first + BATCH); i++) {
        const snapshot = snapshotAt(i);
        if (!snapshot) continue;
        params.push(snapshot.ts, snapshot.vals);
        tuples.push(`(${deviceId}, $${params.length - 1}, $${params.length})`);
      }
      if (tuples.length === 0) continue;
      await client.query(`insert into history (device_id, ts, vals) values ${tuples.join(', ')}`, params);
      rows += tuples.length;
    }
    await client.query(MARK_EVERY_MINUTE);
    await client.query('analyze history');
    return { deviceId, rows };
  });
}
