import {
  rawFromWords,
  wordAddresses,
  type MapEra,
  type RegisterCoding,
  type RegisterDef,
  type SeriesBucket,
  type SeriesResult,
} from '@dms/contract';
import type { Db } from '../../db/database.js';
import { valueIn } from '../../ingest/codec.js';
import { eraReadings } from '../controller-types/eras.js';
import * as repo from './repository.js';

/**
 * Server-side downsampling: the range [from, to) is cut into at most `points` buckets of equal width, and each
 * register gets, per bucket that holds values, their min, max, average (to three decimals) and count. A chart never
 * receives more than `points` buckets per register, whatever the range. Values may come in any order.
 */
export class SeriesAccumulator {
  readonly bucketMs: number;
  private readonly count: number;
  private readonly index: Map<number, number>;
  private readonly min: Float64Array[];
  private readonly max: Float64Array[];
  private readonly sum: Float64Array[];
  private readonly n: Uint32Array[];

  constructor(
    private readonly from: number,
    to: number,
    points: number,
    private readonly registers: readonly number[],
  ) {
    this.bucketMs = Math.max(1, Math.ceil((to - from) / points));
    this.count = Math.ceil((to - from) / this.bucketMs);
    this.index = new Map(registers.map((r, i) => [r, i]));
    this.min = registers.map(() => new Float64Array(this.count));
    this.max = registers.map(() => new Float64Array(this.count));
    this.sum = registers.map(() => new Float64Array(this.count));
    this.n = registers.map(() => new Uint32Array(this.count));
  }

  /** One value of the register at `registerIndex` (its position in `registers`). */
  addValue(registerIndex: number, ts: number, value: number): void {
    this.addBucket(registerIndex, ts, 1, value, value, value);
  }

  /** A rollup of the register at `registerIndex` (its `n` values' min, max and sum) that begins at `ts`. */
  addBucket(registerIndex: number, ts: number, n: number, min: number, max: number, sum: number): void {
    const b = Math.floor((ts - this.from) / this.bucketMs);
    const count = this.n[registerIndex];
    if (!count || n === 0 || b < 0 || b >= this.count) return;
    const mins = this.min[registerIndex] as Float64Array;
    const maxs = this.max[registerIndex] as Float64Array;
    const sums = this.sum[registerIndex] as Float64Array;
    if (count[b] === 0) {
      mins[b] = min;
      maxs[b] = max;
    } else {
      if (min < (mins[b] as number)) mins[b] = min;
      if (max > (maxs[b] as number)) maxs[b] = max;
    }
    sums[b] = (sums[b] as number) + sum;
    count[b] = (count[b] as number) + n;
  }

  /** A whole packed snapshot. */
  add(ts: number, vals: Uint8Array): void {
    for (const [register, i] of this.index) {
      const value = valueIn(vals, register);
      if (value !== undefined) this.addValue(i, ts, value);
    }
  }

  result(): Array<{ register: number; buckets: SeriesBucket[] }> {
    return this.registers.map((register, i) => {
      const buckets: SeriesBucket[] = [];
      const n = this.n[i] as Uint32Array;
      for (let b = 0; b < this.count; b++) {
        const count = n[b] as number;
        if (count === 0) continue;
        // Raw words are integers: three decimals of the average are more than a chart can show, and keep the answer short.
        const avg = Math.round(((this.sum[i]?.[b] as number) / count) * 1000) / 1000;
        buckets.push({ t: this.from + b * this.bucketMs, min: this.min[i]?.[b] as number, max: this.max[i]?.[b] as number, avg, n: count });
      }
      return { register, buckets };
    });
  }
}

/** Time read by one query of `scanRegisters`: a day (8,640 snapshots at 10 s). */
export const SCAN_WINDOW_MS = 86_400_000;
/** Most registers one scan reads. */
export const SCAN_MAX_REGISTERS = 20;

const COLON = 58;
const COMMA = 44;
const STAR = 42;

function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/** 1-based byte of a register's pair in a packed snapshot, 0 when it lacks the register. */
function placeOf(vals: Uint8Array, register: number): number {
  for (let at = 0; at + 3 < vals.byteLength; at += 4) {
    if ((((vals[at] ?? 0) << 8) | (vals[at + 1] ?? 0)) === register) return at + 1;
  }
  return 0;
}

/** Parses one window's string (repo.registerWindow), handing each value to `sink(registerIndex, ts, value)`. */
export function parseWindow(
  s: string,
  registers: readonly number[],
  sink: (registerIndex: number, ts: number, value: number) => void,
): void {
  const length = s.length;
  let i = 0;
  while (i < length) {
    let ts = 0;
    let c = s.charCodeAt(i);
    while (c !== COLON) {
      ts = ts * 10 + (c - 48);
      c = s.charCodeAt(++i);
    }
    for (let r = 0; r < registers.length; r++) {
      i++; // the ':' before this register's text
      c = s.charCodeAt(i);
      if (c === STAR) {
        let end = i + 1;
        while (end < length && s.charCodeAt(end) !== COLON && s.charCodeAt(end) !== COMMA) end++;
        const vals = Buffer.from(s.slice(i + 1, end), 'hex');
        const value = valueIn(vals, registers[r] as number);
        if (value !== undefined) sink(r, ts, value);
        i = end;
      } else if (hexDigit(c) >= 0) {
        sink(
          r,
          ts,
          (hexDigit(c) << 12) | (hexDigit(s.charCodeAt(i + 1)) << 8) | (hexDigit(s.charCodeAt(i + 2)) << 4) | hexDigit(s.charCodeAt(i + 3)),
        );
        i += 4;
      }
    }
    i++; // the ',' between snapshots
  }
}

/**
 * Every stored value of a few registers of one device over [from, to), a window (SCAN_WINDOW_MS) per query, handed
 * to `sink(registerIndex, ts, value)`; within a window in no promised order.
 */
export async function scanRegisters(
  db: Db,
  deviceId: number,
  registers: readonly number[],
  from: number,
  to: number,
  sink: (registerIndex: number, ts: number, value: number) => void,
): Promise<void> {
  if (registers.length === 0 || registers.length > SCAN_MAX_REGISTERS)
    throw new Error(`scanRegisters: 1 to ${SCAN_MAX_REGISTERS} registers`);
  for (let start = from; start < to; start += SCAN_WINDOW_MS) {
    const end = Math.min(to, start + SCAN_WINDOW_MS);
    // The window's first snapshot shows the layout to expect (and an empty window is skipped).
    const sample = await repo.firstSnapshot(db, deviceId, start, end);
    if (!sample) continue;
    const guesses = registers.map((r) => placeOf(sample.vals, r));
    const s = await repo.registerWindow(db, deviceId, registers, guesses, start, end);
    if (s) parseWindow(s, registers, sink);
  }
}

/**
 * Every stored raw value of a few registers of one device over [from, to) (controller-types/values.ts: a register
 * of two words is read from both, in its word order; a signed or float one as such), handed to
 * `sink(registerIndex, ts, raw)` with `registerIndex` the register's place in `defs`. A snapshot that lacks a word
 * of a register gives no value of it.
 */
export async function scanRaw(
  db: Db,
  deviceId: number,
  defs: readonly RegisterCoding[],
  from: number,
  to: number,
  sink: (registerIndex: number, ts: number, raw: number) => void,
): Promise<void> {
  // Chunks of registers whose words fit one scan, so that both words of a register are read by the same one.
  const chunks: number[][] = [[]];
  let words = 0;
  defs.forEach((def, i) => {
    const n = wordAddresses(def).length;
    if (words + n > SCAN_MAX_REGISTERS) {
      chunks.push([]);
      words = 0;
    }
    chunks[chunks.length - 1]?.push(i);
    words += n;
  });
  for (const chunk of chunks) {
    if (chunk.length === 0) continue;
    const addresses: number[] = [];
    /** Per address: whose word it is (the register's place in `defs`) and which (0 first, 1 second). */
    const owners: Array<{ def: number; second: boolean }> = [];
    for (const i of chunk)
      wordAddresses(defs[i] as RegisterCoding).forEach((address, word) => {
        addresses.push(address);
        owners.push({ def: i, second: word === 1 });
      });
    // A snapshot's words come in address order (parseWindow), so a register's first word is held until its second.
    const held = new Map<number, { ts: number; word: number }>();
    await scanRegisters(db, deviceId, addresses, from, to, (a, ts, word) => {
      const owner = owners[a];
      const def = owner ? defs[owner.def] : undefined;
      if (!owner || !def) return;
      if (def.words !== 2) {
        const raw = rawFromWords(def, word);
        if (raw !== undefined) sink(owner.def, ts, raw);
      } else if (!owner.second) held.set(owner.def, { ts, word });
      else {
        const first = held.get(owner.def);
        const raw = first?.ts === ts ? rawFromWords(def, first.word, word) : undefined;
        if (raw !== undefined) sink(owner.def, ts, raw);
      }
    });
  }
}

/**
 * Every stored raw value of registers `numbers` of one device over [from, to), each read with the map of its moment
 * (the map eras the range spans, controller-types/eras.ts) and handed to `sink` as the map in use stores it (its
 * engineering value kept), so that a map saved since (more words, other decimals) does not change what old values
 * mean. Without eras (a device without a type), read as the map in use says.
 */
export async function scanEras(
  db: Db,
  deviceId: number,
  current: ReadonlyMap<number, RegisterDef> | undefined,
  numbers: readonly number[],
  from: number,
  to: number,
  eras: readonly MapEra[],
  sink: (registerIndex: number, ts: number, raw: number) => void,
): Promise<void> {
  if (eras.length === 0) {
    await scanRaw(db, deviceId, codingsOf(current, numbers), from, to, sink);
    return;
  }
  for (const era of eraReadings(eras, current, numbers, from, to)) {
    if (era.codings.length === 0) continue;
    await scanRaw(
      db,
      deviceId,
      era.codings.map((c) => c.coding),
      era.from,
      era.to,
      (i, ts, raw) => {
        const c = era.codings[i];
        if (c) sink(c.index, ts, c.toCurrent(raw));
      },
    );
  }
}

/** The downsampled series of registers of one device (GET /devices/:boxId/:controller/series), in raw values. */
export async function readSeries(
  db: Db,
  deviceId: number,
  current: ReadonlyMap<number, RegisterDef> | undefined,
  numbers: readonly number[],
  eras: readonly MapEra[],
  q: { from: number; to: number; points: number },
): Promise<SeriesResult> {
  const acc = new SeriesAccumulator(q.from, q.to, q.points, numbers);
  await scanEras(db, deviceId, current, numbers, q.from, q.to, eras, (i, ts, raw) => {
    acc.addValue(i, ts, raw);
  });
  return { bucketMs: acc.bucketMs, level: 'raw', series: acc.result() };
}

/** How registers are read, by number, from a type's map; a number the map lacks (or no map) reads as one unsigned word. */
export function codingsOf(map: ReadonlyMap<number, RegisterCoding> | undefined, numbers: readonly number[]): RegisterCoding[] {
  return numbers.map((number) => map?.get(number) ?? { number, decimals: 0 });
}
