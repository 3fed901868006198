import { type MapEra, type RegisterCoding, type RegisterDef, type SeriesResult } from '@dms/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
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
  const fromHistory = async (ranges: Array<[number, number]>, indexes: readonly number[]) => {
    const subset = indexes.map((i) => numbers[i] as number);
    for (const [from, to] of merged(ranges))
      await scanEras(db, device.id, device.current, subset, from, to, eras, (k, ts, raw) => {
        acc.addValue(indexes[k] as number, ts, raw);
      });
  };
  const all = numbers.map((_, i) => i);
  const start = level === null ? q.to : Math.ceil(q.from / level) * level;
  const end = level === null ? q.to : Math.floor(q.to / level) * level;
  if (level === null || start >= end) {
    await fromHistory([[q.from, q.to]], all);
    return { bucketMs: acc.bucketMs, level: 'raw', series: acc.result() };
  }
  const maps = acceptedMaps(device.typeId, device.version, device.current, numbers, eras);
  const rolled = all.filter((i) => [...maps.values()].some((c) => c.has(i)));
  const raw: Array<[number, number]> = [];
  addRange(raw, q.from, start);
  addRange(raw, end, q.to);
  const dirty = await db
    .selectFrom('history_rollup_dirty')
    .select('ts')
    .where('device_id', '=', device.id)
    .where('ts', '>=', start)
    .where('ts', '<', end)
    .execute();
  const skip = new Set(dirty.map((d) => d.ts - (d.ts % level)));
  const typeId = device.typeId ?? 0;
  const registers = rolled.map((i) => numbers[i] as number);
  // Summed up in the database by chart bucket (the one that holds each rollup's start), register and map, in one pass.
  const groups =
    registers.length === 0 || skip.size > MAX_SKIPPED
      ? []
      : await db
          .selectFrom('history_rollups')
          .select((eb) => [
            'register',
            'type_id',
            'version',
            // Aggregates PostgreSQL may answer as text (bigint, numeric): read as numbers below.
            sql<number | string>`(ts - CAST(${q.from} AS BIGINT)) / CAST(${acc.bucketMs} AS BIGINT)`.as('b'),
            eb.fn.sum<number | string>('n').as('n'),
            eb.fn.min<number>('min').as('min'),
            eb.fn.max<number>('max').as('max'),
            eb.fn.sum<number | string>('sum').as('sum'),
          ])
          .where('device_id', '=', device.id)
          .where('register', 'in', registers)
          .where('level', '=', level)
          .where('ts', '>=', start)
          .where('ts', '<', end)
          .$if(skip.size > 0, (qb) => qb.where('ts', 'not in', [...skip]))
          .groupBy(['register', 'type_id', 'version', 'b'])
          .execute();
  // A chart bucket holding rollups of a map the chart does not read with is read from history, whole: the rollups
  // that start in it, to the end of the last one.
  const foreign = new Set<number>();
  for (const g of groups) if (g.type_id !== typeId || !maps.has(g.version)) foreign.add(Number(g.b));
  const cell = (t: number) => Math.ceil(t / level) * level;
  for (const b of foreign) {
    const t = q.from + b * acc.bucketMs;
    addRange(raw, Math.max(start, cell(t)), Math.min(end, cell(t + acc.bucketMs)));
  }
  // Many buckets to read from history (the job is catching up, after an upgrade): the whole chart is.
  if (skip.size + foreign.size > MAX_SKIPPED) {
    await fromHistory([[q.from, q.to]], all);
    return { bucketMs: acc.bucketMs, level: 'raw', series: acc.result() };
  }
  const index = new Map(numbers.map((n, i) => [n, i]));
  for (const g of groups) {
    if (foreign.has(Number(g.b))) continue;
    const i = index.get(g.register) as number;
    const t = q.from + Number(g.b) * acc.bucketMs;
    const [n, min, max, sum] = [Number(g.n), g.min, g.max, Number(g.sum)];
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
  await fromHistory(raw, rolled);
  const others = all.filter((i) => !rolled.includes(i));
  if (others.length > 0) await fromHistory([[q.from, q.to]], others);
  return { bucketMs: acc.bucketMs, level: LEVELS.find((l) => l.level === level)?.name ?? 'raw', series: acc.result() };
}
