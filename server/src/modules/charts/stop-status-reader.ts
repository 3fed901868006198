import {
  engineeringValue,
  registerRawIn,
  runStateOf,
  Segmenter,
  STOP_STATES,
  zeroTotals,
  type ControllerTypeDetail,
  type Sample,
  type StopSegment,
  type StopStatusDefinition,
  type StopTotals,
} from '@dms/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { valueIn } from '../../ingest/codec.js';
import { erasNeeded } from '../controller-types/eras.js';
import { scanEras, SCAN_WINDOW_MS } from '../devices/series.js';
import { snapshotAt } from '../history/repository.js';
import { chartRegisters } from './service.js';

/** A chart as the reader needs it: its id and when it was saved (a save is a new reading), and its definition. */
export interface StopChart {
  id: number;
  savedAt: number;
  definition: StopStatusDefinition;
}

interface Part {
  /** Snapshots stored in the part when it was read: another count means late data came, and it is read again. */
  count: number;
  segments: StopSegment[];
  totals: StopTotals;
}

/** Most parts kept (a device's day each, a few kilobytes): past that the oldest half goes. */
const MAX_PARTS = 5000;

/**
 * Stop-status segmentation of a device's stored history (docs/charts.md), by parts: the window is cut at days of the
 * clock (SCAN_WINDOW_MS from the epoch); a part [a, b) is segmented alone, from the last snapshot before a. That is the
 * same as segmenting the whole window, since a state holds only until the next snapshot or the gap. A part wholly in
 * the past (ended more than the chart's gap ago) is kept, with the count of snapshots stored in it; a later read
 * counts the window's snapshots per part on the (device, ts) key, and reads again only a part whose count changed
 * (late data) or that is not kept: a month's timeline then reads a day or two of snapshots.
 */
export class StopStatusReader {
  private readonly parts = new Map<string, Part>();

  constructor(private readonly db: Db) {}

  async segments(
    deviceId: number,
    type: ControllerTypeDetail,
    chart: StopChart,
    from: number,
    to: number,
    now: number,
  ): Promise<{ segments: StopSegment[]; totals: StopTotals }> {
    const defs = new Map(type.registers.map((r) => [r.number, r]));
    const numbers = chartRegisters(chart.definition);
    // A new map (another coding of the chart's registers) is another reading.
    const coding = JSON.stringify(numbers.map((n) => defs.get(n) ?? null));
    const counts = await countsPerPart(this.db, deviceId, from, to);
    const segments: StopSegment[] = [];
    const totals = zeroTotals();
    for (let a = from; a < to;) {
      const b = Math.min(to, (Math.floor(a / SCAN_WINDOW_MS) + 1) * SCAN_WINDOW_MS);
      const whole = a % SCAN_WINDOW_MS === 0 && b - a === SCAN_WINDOW_MS;
      const keep = whole && b + chart.definition.gapS * 1000 < now;
      const key = `${chart.id}:${chart.savedAt}:${deviceId}:${a}:${coding}`;
      const count = counts.get(Math.floor(a / SCAN_WINDOW_MS)) ?? 0;
      let part = keep ? this.parts.get(key) : undefined;
      if (!part || part.count !== count) {
        part = { count, ...(await segmentPart(this.db, deviceId, type, defs, numbers, chart.definition, a, b)) };
        if (keep) {
          if (this.parts.size >= MAX_PARTS) for (const k of [...this.parts.keys()].slice(0, MAX_PARTS / 2)) this.parts.delete(k);
          this.parts.set(key, part);
        }
      }
      for (const s of part.segments) {
        const prev = segments.at(-1);
        if (prev && prev.state === s.state && prev.to === s.from) prev.to = s.to;
        else segments.push({ ...s });
      }
      for (const state of STOP_STATES) totals[state] += part.totals[state];
      a = b;
    }
    return { segments, totals };
  }
}

/** The snapshots stored per part (day of the clock) of [from, to), by the part's number. */
async function countsPerPart(db: Db, deviceId: number, from: number, to: number): Promise<Map<number, number>> {
  // The width is written into the SQL (not bound): PostgreSQL matches the grouped expression with the selected one.
  const part = sql<number>`cast(floor(ts / ${sql.lit(SCAN_WINDOW_MS)}) as integer)`;
  const rows = await db
    .selectFrom('history')
    .select([part.as('part'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('device_id', '=', deviceId)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .groupBy(part)
    .execute();
  return new Map(rows.map((r) => [r.part, Number(r.n)]));
}

/**
 * Segments [from, to) of one device: the last snapshot before it holds into it (for the gap at most), then each
 * snapshot's state until the next. The chart's registers are read by the history charts' scan (devices/series.ts
 * `scanEras`: the registers' bytes cut out in the database, each read with the map of its moment); a snapshot's
 * registers add to those before it, as a snapshot may carry only some, and one carrying none of them is not a report
 * of the chart's.
 */
async function segmentPart(
  db: Db,
  deviceId: number,
  type: ControllerTypeDetail,
  defs: ReadonlyMap<number, ControllerTypeDetail['registers'][number]>,
  numbers: readonly number[],
  definition: StopStatusDefinition,
  from: number,
  to: number,
): Promise<{ segments: StopSegment[]; totals: StopTotals }> {
  const index = new Map(numbers.map((n, i) => [n, i]));
  /** The latest raw value of each of the chart's registers, by its place in `numbers`. */
  const latest: Array<number | undefined> = numbers.map(() => undefined);
  const rawOf = (register: number) => {
    const i = index.get(register);
    return i === undefined ? undefined : latest[i];
  };
  const sample: Sample = {
    ts: 0,
    value: (register) => {
      const def = defs.get(register);
      const raw = rawOf(register);
      return def && raw !== undefined ? engineeringValue(def, raw) : undefined;
    },
    raw: rawOf,
    range: () => undefined,
    offlineMs: 0,
  };
  const before = await snapshotAt(db, deviceId, from - 1);
  if (before) {
    const words = new Map<number, number>();
    for (const n of numbers)
      for (const w of [n, n + 1]) {
        const v = valueIn(before.vals, w);
        if (v !== undefined) words.set(w, v);
      }
    numbers.forEach((n, i) => {
      const def = defs.get(n);
      latest[i] = def ? registerRawIn(def, words) : undefined;
    });
  }
  const seg = new Segmenter(from, to, definition.gapS * 1000, before ? { ts: before.ts, state: runStateOf(definition, sample) } : null);
  const eras = await erasNeeded(db, type.id, from, to);
  // The part's snapshots as they come (a snapshot's registers one after another), each with the raw values it
  // carries (NaN: not carried), then taken in time order.
  const times: number[] = [];
  const raws: number[] = [];
  await scanEras(db, deviceId, defs, numbers, from, to, eras, (i, ts, raw) => {
    if (times[times.length - 1] !== ts) {
      times.push(ts);
      for (let k = 0; k < numbers.length; k++) raws.push(Number.NaN);
    }
    raws[(times.length - 1) * numbers.length + i] = raw;
  });
  const order = times.map((_, k) => k);
  if (times.some((ts, k) => k > 0 && ts < (times[k - 1] ?? 0))) order.sort((a, b) => (times[a] ?? 0) - (times[b] ?? 0));
  for (const k of order) {
    for (let i = 0; i < numbers.length; i++) {
      const raw = raws[k * numbers.length + i] ?? Number.NaN;
      if (!Number.isNaN(raw)) latest[i] = raw;
    }
    seg.push({ ts: times[k] ?? 0, state: runStateOf(definition, sample) });
  }
  return seg.finish();
}
