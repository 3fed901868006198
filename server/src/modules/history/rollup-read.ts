import { type MapEra, type RegisterCoding, type RegisterDef, type SeriesResult } from '@dms/contract';
import { sql } from 'kysely';
import { dialectOf, type Db } from '../../db/database.js';
import { scanEras, SeriesAccumulator } from '../devices/series.js';
import { LEVELS, ROLLUP_MINUTE_MS, type RollupLevel, type RollupRetention } from './rollup-cells.js';

/*
 * Charts read from rollups (rollups.ts) when their buckets are wide enough (levelFor), summed up in the database per
 * chart bucket: each rollup bucket counts in the chart's bucket that holds its start. Read from history instead: the
 * chart's edges that do not fill a level's bucket, the buckets whose minutes are not rolled up yet (marked), those
 * rolled up with a map that is not one the chart reads with (a type changed since), and registers the device's map lacks.
 */

/** Buckets read from history beyond which a chart is read from history whole. */
const MAX_SKIPPED = 500;

/**
 * The level a chart of [from, to) in buckets of `bucketMs` reads, or null (history): the coarsest whose buckets fit in
 * the chart's twice (a rollup counts in the chart bucket that holds its start, so a value is drawn at most half a chart
 * bucket early) and whose retention reaches back to `from`; when none that fits reaches back so far, the finest that
 * does (its buckets then wider). A chart of buckets under two minutes reads history.
 */
export function levelFor(bucketMs: number, from: number, now: number, retention: RollupRetention): RollupLevel | null {
  if (bucketMs < 2 * ROLLUP_MINUTE_MS) return null;
  const reaching = LEVELS.filter((l) => from >= now - l.keep(retention));
  return (reaching.find((l) => 2 * l.level <= bucketMs) ?? reaching[reaching.length - 1])?.level ?? null;
}

const CODING_FIELDS = ['decimals', 'words', 'wordOrder', 'signed', 'encoding', 'factor', 'offset'] as const;

/** A raw value of `def` as `now` stores it (the engineering value kept), unrounded: what an average converts with. */
function linear(def: RegisterCoding, now: RegisterCoding | undefined): ((raw: number) => number) | null {
  if (!now || CODING_FIELDS.every((f) => def[f] === now[f])) return null;
  const eng = (raw: number) => (def.factor !== undefined ? raw * def.factor + (def.offset ?? 0) : raw / 10 ** def.decimals);
  return (raw) => {
    const e = eng(raw);
    return now.factor !== undefined ? (e - (now.offset ?? 0)) / now.factor : e * 10 ** now.decimals;
  };
}

/** How a rollup of one map converts to the map in use, per register index (null: as it is). */
type Converters = Map<number, ((raw: number) => number) | null>;

/** The maps of the device's type (0 without one) the chart reads with, by version: the current one alone, or each era's. */
function acceptedMaps(
  typeId: number | null,
  version: number | null,
  current: ReadonlyMap<number, RegisterDef> | undefined,
  numbers: readonly number[],
  eras: readonly MapEra[],
): Map<number, Converters> {
  const maps = new Map<number, Converters>();
  if (typeId === null) {
    maps.set(0, new Map(numbers.map((_, i) => [i, null])));
    return maps;
  }
  if (eras.length === 0) {
    if (version !== null) maps.set(version, new Map(numbers.flatMap((n, i) => (current?.has(n) ? [[i, null]] : []))));
    return maps;
  }
  for (const era of eras) {
    const own = new Map(era.registers.map((r) => [r.number, r]));
    const converters: Converters = new Map();
    numbers.forEach((n, i) => {
      const def = own.get(n);
      if (def) converters.set(i, linear(def, current?.get(n)));
    });
    maps.set(era.version, converters);
  }
  return maps;
}

/** Adds [from, to) when it is not empty. */
function addRange(ranges: Array<[number, number]>, from: number, to: number): void {
  if (from >= to) return;
  ranges.push([from, to]);
}

function merged(ranges: Array<[number, number]>): Array<[number, number]> {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

export interface ChartDevice {
  id: number;
  typeId: number | null;
  /** The type's version in use (null without a type). */
  version: number | null;
  current: ReadonlyMap<number, RegisterDef> | undefined;
}

/** A chart bucket's sums of one register's rollups under one map. */
interface Group {
  register: number;
  type_id: number;
  version: number;
  /** The chart bucket (its place from the chart's start). */
  b: number;
  n: number;
  min: number;
  max: number;
  sum: number;
}

const GROUP_FIELDS = ['register', 'type_id', 'version', 'b', 'n', 'min', 'max', 'sum'] as const;

/**
 * The rollups of [start, end) at `level` but those of the buckets starting at `skip`, summed up in the database per
 * chart bucket (the one that holds each rollup's start), register and map, in one grouped pass, and answered as one
 * text: a chart's thousands of groups cost more to hand over as rows than as a text split here (a year at 4,000 points
 * on PostgreSQL: 25 ms as rows, 14 ms as one text; a month of five minutes on SQLite: 30 → 22 ms; the rollups
 * ungrouped, summed up here, were slower still). Both databases write a double as the shortest text that reads back as
 * the same number (SQLite 3.53 as bundled; PostgreSQL 12 and later at its default `extra_float_digits`).
 */
async function rollupGroups(
  db: Db,
  r: {
    deviceId: number;
    registers: number[];
    level: RollupLevel;
    start: number;
    end: number;
    skip: Set<number>;
    from: number;
    bucketMs: number;
  },
): Promise<Group[]> {
  const grouped = db
    .selectFrom('history_rollups')
    .select((eb) => [
      'register',
      'type_id',
      'version',
      sql<number>`(ts - CAST(${r.from} AS BIGINT)) / CAST(${r.bucketMs} AS BIGINT)`.as('b'),
      eb.fn.sum<number>('n').as('n'),
      eb.fn.min<number>('min').as('min'),
      eb.fn.max<number>('max').as('max'),
      eb.fn.sum<number>('sum').as('sum'),
    ])
    .where('device_id', '=', r.deviceId)
    .where('register', 'in', r.registers)
    .where('level', '=', r.level)
    .where('ts', '>=', r.start)
    .where('ts', '<', r.end)
    .$if(r.skip.size > 0, (qb) => qb.where('ts', 'not in', [...r.skip]))
    .groupBy(['register', 'type_id', 'version', 'b']);
  const fields = GROUP_FIELDS.map((f) => sql.ref(`g.${f}`));
  const joined =
    dialectOf(db) === 'sqlite'
      ? sql<string | null>`group_concat(${sql.join(fields, sql` || ',' || `)}, ';')`
      : sql<string | null>`string_agg(concat_ws(',', ${sql.join(fields)}), ';')`;
  const { text } = await db.selectFrom(grouped.as('g')).select(joined.as('text')).executeTakeFirstOrThrow();
  const values = text ? text.split(/[,;]/).map(Number) : [];
  const groups: Group[] = [];
  for (let k = 0; k < values.length; k += GROUP_FIELDS.length) {
    const [register, type_id, version, b, n, min, max, sum] = values.slice(k, k + GROUP_FIELDS.length) as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    groups.push({ register, type_id, version, b, n, min, max, sum });
  }
  return groups;
}

/** The downsampled series of registers of one device (GET …/series), from rollups where they serve. */
export async function readChartSeries(
  db: Db,
  device: ChartDevice,
  numbers: readonly number[],
  eras: readonly MapEra[],
  q: { from: number; to: number; points: number },
  now: number,
  retention: RollupRetention,
): Promise<SeriesResult> {
  const acc = new SeriesAccumulator(q.from, q.to, q.points, numbers);
  const level = levelFor(acc.bucketMs, q.from, now, retention);
  /**
   * Adds the snapshots of `ranges` of the registers at `indexes` to `into`, a range after another: a chart of hundreds
   * of buckets not rolled up yet does not queue hundreds of queries at once on the pool other requests share.
   */
  const fromHistory = async (into: SeriesAccumulator, ranges: Array<[number, number]>, indexes: readonly number[]) => {
    const subset = indexes.map((i) => numbers[i] as number);
    for (const [from, to] of merged(ranges))
      await scanEras(db, device.id, device.current, subset, from, to, eras, (k, ts, raw) => {
        into.addValue(indexes[k] as number, ts, raw);
      });
  };
  const all = numbers.map((_, i) => i);
  const wholeFromHistory = async (): Promise<SeriesResult> => {
    const whole = new SeriesAccumulator(q.from, q.to, q.points, numbers);
    await fromHistory(whole, [[q.from, q.to]], all);
    return { bucketMs: whole.bucketMs, level: 'raw', series: whole.result() };
  };
  const start = level === null ? q.to : Math.ceil(q.from / level) * level;
  const end = level === null ? q.to : Math.floor(q.to / level) * level;
  if (level === null || start >= end) return wholeFromHistory();
  const maps = acceptedMaps(device.typeId, device.version, device.current, numbers, eras);
  const rolled = all.filter((i) => [...maps.values()].some((c) => c.has(i)));
  const others = all.filter((i) => !rolled.includes(i));
  const edges: Array<[number, number]> = [];
  addRange(edges, q.from, start);
  addRange(edges, end, q.to);
  const registers = rolled.map((i) => numbers[i] as number);
  const rolledUp = async () => {
    const dirty = await db
      .selectFrom('history_rollup_dirty')
      .select('ts')
      .where('device_id', '=', device.id)
      .where('ts', '>=', start)
      .where('ts', '<', end)
      .execute();
    const skip = new Set(dirty.map((d) => d.ts - (d.ts % level)));
    const groups =
      registers.length === 0 || skip.size > MAX_SKIPPED
        ? []
        : await rollupGroups(db, { deviceId: device.id, registers, level, start, end, skip, from: q.from, bucketMs: acc.bucketMs });
    return { skip, groups };
  };
  // The edges, and the registers no map rolls up, are read from history while the database sums up the rollups.
  const [{ skip, groups }] = await Promise.all([
    rolledUp(),
    fromHistory(acc, edges, rolled),
    others.length > 0 ? fromHistory(acc, [[q.from, q.to]], others) : undefined,
  ]);
  const typeId = device.typeId ?? 0;
  const raw: Array<[number, number]> = [];
  // A chart bucket holding rollups of a map the chart does not read with is read from history, whole: the rollups
  // that start in it, to the end of the last one.
  const foreign = new Set<number>();
  for (const g of groups) if (g.type_id !== typeId || !maps.has(g.version)) foreign.add(g.b);
  const cell = (t: number) => Math.ceil(t / level) * level;
  for (const b of foreign) {
    const t = q.from + b * acc.bucketMs;
    addRange(raw, Math.max(start, cell(t)), Math.min(end, cell(t + acc.bucketMs)));
  }
  // Many buckets to read from history (the job is catching up, after an upgrade): the whole chart is.
  if (skip.size + foreign.size > MAX_SKIPPED) return wholeFromHistory();
  const index = new Map(numbers.map((n, i) => [n, i]));
  for (const g of groups) {
    if (foreign.has(g.b)) continue;
    const i = index.get(g.register) as number;
    const t = q.from + g.b * acc.bucketMs;
    const { n, min, max, sum } = g;
    const convert = maps.get(g.version)?.get(i);
    if (convert === undefined) continue;
    if (convert === null) {
      acc.addBucket(i, t, n, min, max, sum);
      continue;
    }
    // Read with another era's map: converted as each value would be (rounded, unless a float), the average unrounded.
    const def = device.current?.get(g.register);
    const round = def?.encoding === 'float32' ? (v: number) => v : Math.round;
    const a = round(convert(min));
    const b = round(convert(max));
    acc.addBucket(i, t, n, Math.min(a, b), Math.max(a, b), convert(sum / n) * n);
  }
  for (const ts of skip) addRange(raw, Math.max(q.from, ts), Math.min(q.to, ts + level));
  await fromHistory(acc, raw, rolled);
  return { bucketMs: acc.bucketMs, level: LEVELS.find((l) => l.level === level)?.name ?? 'raw', series: acc.result() };
}
