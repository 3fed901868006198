import { eraAt, rawFromWords, type RegisterCoding, type SeriesLevel } from '@dms/contract';
import { sql } from 'kysely';
import { dialectOf, type Db } from '../../db/database.js';
import { decodeValues, valueIn } from '../../ingest/codec.js';
import { ROLLUP_HOUR_MS, ROLLUP_MINUTE_MS } from '../../ingest/repository.js';
import { mapEras } from '../controller-types/eras.js';
import { toRegisterDef } from '../controller-types/registers.js';
import { registersOf } from '../controller-types/repository.js';
import { historyRange } from './repository.js';

/* What history's rollups are made of (rollups.ts): cells of a register over a bucket, the maps values are read with, and their reading and writing. */

export { ROLLUP_HOUR_MS, ROLLUP_MINUTE_MS };
export const ROLLUP_FIVE_MINUTES_MS = 300_000;
export const ROLLUP_TEN_MINUTES_MS = 600_000;
export type RollupLevel = typeof ROLLUP_MINUTE_MS | typeof ROLLUP_FIVE_MINUTES_MS | typeof ROLLUP_TEN_MINUTES_MS | typeof ROLLUP_HOUR_MS;

/** How long each level's rollups are kept. */
export interface RollupRetention {
  /** Also: an hour that began before it is rolled up again from history, not from its minutes. */
  minuteMs: number;
  fiveMinutesMs: number;
  tenMinutesMs: number;
  hourMs: number;
}

/** The levels, coarsest first: each with the name a series answers and its retention. */
export const LEVELS: ReadonlyArray<{ level: RollupLevel; name: SeriesLevel; keep: (r: RollupRetention) => number }> = [
  { level: ROLLUP_HOUR_MS, name: 'hour', keep: (r) => r.hourMs },
  { level: ROLLUP_TEN_MINUTES_MS, name: 'tenMinutes', keep: (r) => r.tenMinutesMs },
  { level: ROLLUP_FIVE_MINUTES_MS, name: 'fiveMinutes', keep: (r) => r.fiveMinutesMs },
  { level: ROLLUP_MINUTE_MS, name: 'minute', keep: (r) => r.minuteMs },
];

/** The levels kept from the minutes' rollups. */
export const COARSER_LEVELS = LEVELS.filter((l) => l.level !== ROLLUP_MINUTE_MS);

/** The start of the bucket of `level` that holds `ts`. */
export const bucketOf = (ts: number, level: number) => ts - (ts % level);

/** The map a value stored at some moment was read with: its type and version (0, 0: none), and its registers. */
interface Coding {
  typeId: number;
  version: number;
  /** Undefined: every word of the snapshot as one unsigned word (a device without a type). */
  registers: RegisterCoding[] | undefined;
}

const NONE: Coding = { typeId: 0, version: 0, registers: undefined };

/** A register's count, min, max and sum over one bucket, under one map. */
export interface RollupCell {
  register: number;
  typeId: number;
  version: number;
  n: number;
  min: number;
  max: number;
  sum: number;
}

/** A cell's key within its bucket. */
export const cellKey = (version: number, register: number) => version * 65_536 + register;

export class Cells {
  /** By cellKey. */
  readonly byKey = new Map<number, RollupCell>();

  add(coding: Coding, register: number, value: number): void {
    const key = cellKey(coding.version, register);
    const c = this.byKey.get(key);
    if (!c) this.byKey.set(key, { register, typeId: coding.typeId, version: coding.version, n: 1, min: value, max: value, sum: value });
    else {
      c.n += 1;
      if (value < c.min) c.min = value;
      if (value > c.max) c.max = value;
      c.sum += value;
    }
  }

  snapshot(coding: Coding, vals: Uint8Array): void {
    if (!coding.registers) {
      for (const [address, word] of decodeValues(vals)) this.add(coding, address, word);
      return;
    }
    for (const def of coding.registers) {
      const raw = rawFromWords(def, valueIn(vals, def.number), def.words === 2 ? valueIn(vals, def.number + 1) : undefined);
      if (raw !== undefined && Number.isFinite(raw)) this.add(coding, def.number, raw);
    }
  }
}

/** The maps of one type over time, loaded once per run: which version read a value stored at `ts`. */
export class Codings {
  private readonly types = new Map<number, Array<{ from: number; coding: Coding }>>();

  constructor(private readonly db: Db) {}

  /** Loads the maps of a type once; answers how a value stored at `ts` is read. */
  async of(typeId: number | null): Promise<(ts: number) => Coding> {
    if (typeId === null) return () => NONE;
    let eras = this.types.get(typeId);
    if (!eras) {
      eras = (await mapEras(this.db, typeId, 0, Number.POSITIVE_INFINITY)).map((e) => ({
        from: e.from,
        coding: { typeId, version: e.version, registers: e.registers },
      }));
      if (eras.length === 0) {
        // A type without saved versions: its map in use, at its version.
        const type = await this.db.selectFrom('controller_types').select('version').where('id', '=', typeId).executeTakeFirst();
        if (type) {
          const registers = (await registersOf(this.db, typeId)).map(toRegisterDef);
          eras = [{ from: 0, coding: { typeId, version: type.version, registers } }];
        }
      }
      this.types.set(typeId, eras);
    }
    const loaded = eras;
    return (ts) => eraAt(loaded, ts)?.coding ?? NONE;
  }
}

/** One device's snapshots over [from, to), oldest first. */
export function historyRows(db: Db, deviceId: number, from: number, to: number) {
  return historyRange(db, deviceId, from, to, 'asc').execute();
}

/** The stored cells of one device at `level`, of `registers`, in the buckets beginning at `starts`: by start, then by cellKey. */
export async function storedCells(
  db: Db,
  deviceId: number,
  level: RollupLevel,
  registers: readonly number[],
  starts: readonly number[],
): Promise<Map<number, Map<number, RollupCell>>> {
  const found = new Map<number, Map<number, RollupCell>>();
  for (const start of starts) found.set(start, new Map());
  if (registers.length === 0 || starts.length === 0) return found;
  const rows = await db
    .selectFrom('history_rollups')
    .select(['ts', 'register', 'type_id', 'version', 'n', 'min', 'max', 'sum'])
    .where('device_id', '=', deviceId)
    .where('register', 'in', registers)
    .where('level', '=', level)
    .where('ts', '>=', Math.min(...starts))
    .where('ts', '<=', Math.max(...starts))
    .execute();
  for (const r of rows)
    found.get(r.ts)?.set(cellKey(r.version, r.register), {
      register: r.register,
      typeId: r.type_id,
      version: r.version,
      n: r.n,
      min: r.min,
      max: r.max,
      sum: r.sum,
    });
  return found;
}

export interface RollupRow extends RollupCell {
  deviceId: number;
  level: RollupLevel;
  ts: number;
}

const COLUMNS = ['device_id', 'register', 'level', 'ts', 'type_id', 'version', 'n', 'min', 'max', 'sum'] as const;
const UPSERT = sql.raw(
  `ON CONFLICT (device_id, register, level, ts, type_id, version) DO UPDATE SET n = excluded.n, min = excluded.min, max = excluded.max, sum = excluded.sum`,
);

/**
 * Writes rollup rows, replacing those of the same keys. A chunk of rows goes as one value (a JSON text on SQLite, a
 * column of arrays on PostgreSQL) that the database takes apart: a statement of thousands of parameters costs more to
 * build and prepare than to run.
 */
export async function writeRows(db: Db, rows: readonly RollupRow[]): Promise<void> {
  const names = sql.raw(COLUMNS.join(', '));
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000);
    if (dialectOf(db) === 'sqlite') {
      const json = JSON.stringify(chunk.map((c) => [c.deviceId, c.register, c.level, c.ts, c.typeId, c.version, c.n, c.min, c.max, c.sum]));
      const fields = sql.raw(COLUMNS.map((_, k) => `value ->> ${k}`).join(', '));
      await sql`INSERT INTO history_rollups (${names}) SELECT ${fields} FROM json_each(${json}) WHERE true ${UPSERT}`.execute(db);
    } else {
      const column = <T>(f: (c: RollupRow) => T) => chunk.map(f);
      await sql`INSERT INTO history_rollups (${names})
        SELECT * FROM unnest(${column((c) => c.deviceId)}::int[], ${column((c) => c.register)}::int[], ${column((c) => c.level)}::int[],
          ${column((c) => c.ts)}::bigint[], ${column((c) => c.typeId)}::int[], ${column((c) => c.version)}::int[], ${column((c) => c.n)}::int[],
          ${column((c) => c.min)}::float8[], ${column((c) => c.max)}::float8[], ${column((c) => c.sum)}::float8[])
        ${UPSERT}`.execute(db);
    }
  }
}
