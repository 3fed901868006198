import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrations.js';
import { PG_URL, testDialects } from './helper.js';

const dialects = await testDialects();
const MIN = 60_000;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function open(dialect: 'sqlite' | 'postgres'): Promise<OpenDatabase & { schema?: string }> {
  if (dialect === 'postgres') {
    // The schema is dropped with the others once every test file is done (global-setup.ts).
    const schema = `t_db_${process.pid}_r5${Date.now().toString(36)}`;
    return { ...(await openDatabase({ kind: 'postgres', url: PG_URL, schema })), schema };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-r5-'));
  dirs.push(dir);
  return openDatabase({ kind: 'sqlite', file: path.join(dir, 'dms.sqlite') });
}

/** Migration 0037: the five-minute rollups of an upgraded install, made from the minute rollups it keeps. */
describe.each(dialects)('five-minute rollups after an upgrade on %s', (dialect) => {
  it('sums up each five minutes of minute rollups per register and map, and nothing of the other levels', async () => {
    const { db, close, schema } = await open(dialect);
    try {
      await migrate(db, dialect, schema, '0036_history_partitions');
      const t0 = 1_800_000_000_000 - (1_800_000_000_000 % (5 * MIN));
      const row = (register: number, level: number, ts: number, version: number, n: number, min: number, max: number, sum: number) => ({
        device_id: 7,
        register,
        level,
        ts,
        type_id: 3,
        version,
        n,
        min,
        max,
        sum,
      });
      await db
        .insertInto('history_rollups')
        .values([
          row(1, MIN, t0, 1, 6, 10, 20, 90),
          row(1, MIN, t0 + 4 * MIN, 1, 6, 5, 15, 60),
          row(1, MIN, t0 + 5 * MIN, 1, 6, 1, 2, 9),
          // The map changed within the five minutes: a row per map.
          row(1, MIN, t0 + 2 * MIN, 2, 3, 30, 40, 105),
          row(2, MIN, t0 + MIN, 1, 6, -4, 4, 0),
          // Coarser levels are not read.
          row(1, 10 * MIN, t0, 1, 99, 0, 99, 999),
        ])
        .execute();
      expect(await migrate(db, dialect, schema, '0037_rollups_five_minutes')).toEqual(['0037_rollups_five_minutes']);
      const five = await db
        .selectFrom('history_rollups')
        .select(['register', 'ts', 'version', 'n', 'min', 'max', 'sum'])
        .where('level', '=', 5 * MIN)
        .orderBy('register')
        .orderBy('ts')
        .orderBy('version')
        .execute();
      expect(five).toEqual([
        { register: 1, ts: t0, version: 1, n: 12, min: 5, max: 20, sum: 150 },
        { register: 1, ts: t0, version: 2, n: 3, min: 30, max: 40, sum: 105 },
        { register: 1, ts: t0 + 5 * MIN, version: 1, n: 6, min: 1, max: 2, sum: 9 },
        { register: 2, ts: t0, version: 1, n: 6, min: -4, max: 4, sum: 0 },
      ]);
    } finally {
      await close();
    }
  });
});
