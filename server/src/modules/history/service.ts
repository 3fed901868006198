import {
  Code,
  KLINE_PERIOD_MS,
  registersByNumber,
  wordAddresses,
  type Candle,
  type FaultRecordPage,
  type FaultRecordRow,
  type HistoryPage,
  type KlinePeriod,
  type KlineResult,
  type Language,
  type RegisterDef,
  type MapEra,
  type SnapshotResult,
} from '@dms/contract';
import { faultLens, readable, registerRights } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../errors.js';
import { decodeValues, valueIn, valuesRecord } from '../../ingest/codec.js';
import type { AuthContext } from '../../types.js';
import { erasNeeded } from '../controller-types/eras.js';
import type { ControllerTypeService } from '../controller-types/service.js';
import type { DeviceListRow } from '../devices/repository.js';
import { requireDevice, toFaultRecord } from '../devices/service.js';
import { codingsOf, scanEras } from '../devices/series.js';
import * as repo from './repository.js';

/** Rows read from the database at a time when a query walks a long range. */
export const HISTORY_CHUNK = 20_000;

export type DeviceRow = DeviceListRow;

/** The chosen registers' raw words of a packed snapshot (all of them when `registers` is undefined). */
export function pick(vals: Uint8Array, registers: readonly number[] | undefined): Record<string, number> {
  if (!registers) return valuesRecord(decodeValues(vals));
  const out: Record<string, number> = {};
  for (const r of registers) {
    const v = valueIn(vals, r);
    if (v !== undefined) out[r] = v;
  }
  return out;
}

/**
 * Candles of one register: buckets of `periodMs` aligned to `from`; open is the value read first in the bucket,
 * close the one read last. Values may come in any order.
 */
export class CandleAccumulator {
  private readonly buckets = new Map<number, Candle & { first: number; last: number }>();

  constructor(
    private readonly from: number,
    private readonly periodMs: number,
  ) {}

  add(ts: number, value: number): void {
    const t = this.from + Math.floor((ts - this.from) / this.periodMs) * this.periodMs;
    const c = this.buckets.get(t);
    if (!c) {
      this.buckets.set(t, { t, open: value, high: value, low: value, close: value, n: 1, first: ts, last: ts });
      return;
    }
    if (value > c.high) c.high = value;
    if (value < c.low) c.low = value;
    if (ts < c.first) {
      c.first = ts;
      c.open = value;
    }
    if (ts >= c.last) {
      c.last = ts;
      c.close = value;
    }
    c.n += 1;
  }

  result(): Candle[] {
    return [...this.buckets.values()]
      .sort((a, b) => a.t - b.t)
      .map(({ t, open, high, low, close, n }) => ({ t, open, high, low, close, n }));
  }
}

interface TypeEntry {
  updatedAt: number;
  registers: Map<number, RegisterDef>;
}

/**
 * Register maps of controller types, cached per type: each use asks the database only when each type was last
 * changed (one small query), so a type edited by root is read again and an unchanged one never is.
 */
export class RegisterMaps {
  private readonly cache = new Map<number, TypeEntry>();

  constructor(
    private readonly db: Db,
    private readonly types: ControllerTypeService,
  ) {}

  async of(typeIds: Iterable<number | null>): Promise<Map<number, Map<number, RegisterDef>>> {
    const ids = [...new Set([...typeIds].filter((id): id is number => id !== null))];
    const out = new Map<number, Map<number, RegisterDef>>();
    if (ids.length === 0) return out;
    for (const { id, updated_at } of await repo.typeVersions(this.db, ids)) {
      let entry = this.cache.get(id);
      if (!entry || entry.updatedAt !== updated_at) {
        const detail = await this.types.get(id);
        entry = { updatedAt: updated_at, registers: new Map(detail.registers.map((r) => [r.number, r])) };
        this.cache.set(id, entry);
      }
      out.set(id, entry.registers);
    }
    return out;
  }
}

/** The name of a fault or alert bit in a language, from a type's register map; null when the map lacks it. */
export function bitName(registers: Map<number, RegisterDef> | undefined, register: number, bit: number, lang: Language): string | null {
  const b = registers?.get(register)?.bits?.find((x) => x.bit === bit);
  return b ? b.name[lang] : null;
}

/**
 * History of a device (table, candles, the values at a moment) and fault records across the user's devices.
 * Every call checks the user's right over the device first: 404 when it does not exist, 403 when it is not theirs.
 */
export class HistoryService {
  readonly maps: RegisterMaps;

  constructor(
    private readonly db: Db,
    types: ControllerTypeService,
  ) {
    this.maps = new RegisterMaps(db, types);
  }

  async require(auth: AuthContext, boxId: number, controller: number): Promise<DeviceRow> {
    return requireDevice(this.db, auth, boxId, controller, 'history.read');
  }

  async history(
    auth: AuthContext,
    boxId: number,
    controller: number,
    q: { from: number; to: number; registers?: number[] | undefined; page: number; page_size: number },
  ): Promise<HistoryPage> {
    const device = await this.require(auth, boxId, controller);
    const [total, rows] = await Promise.all([
      repo.historyCount(this.db, device.id, q.from, q.to),
      repo.historyPage(this.db, device.id, q.from, q.to, (q.page - 1) * q.page_size, q.page_size),
    ]);
    const rights = await registerRights(this.db, auth);
    // The rows were read with the maps of their moments (the eras the page spans, when the map changed within it).
    const newest = rows[0]?.ts ?? q.to;
    const oldest = rows.at(-1)?.ts ?? q.from;
    const [current, eras] = await Promise.all([this.maps.of([device.type_id]), erasNeeded(this.db, device.type_id, oldest, newest + 1)]);
    // Values go by word address: a register of two words chosen brings its second word with it (in any era's map).
    const words =
      q.registers &&
      [current.get(device.type_id ?? 0), ...eras.map((e) => registersByNumber(e.registers))].flatMap((map) =>
        codingsOf(map, q.registers ?? []).flatMap(wordAddresses),
      );
    return {
      total,
      items: rows.map((r) => ({ ts: r.ts, values: readable(rights, device.type_id, pick(r.vals, words && [...new Set(words)])) })),
    };
  }

  /** The map eras [from, to) of a device spans (none when the map in use covers it), for its history's rows. */
  async eras(auth: AuthContext, boxId: number, controller: number, q: { from: number; to: number }): Promise<MapEra[]> {
    const device = await this.require(auth, boxId, controller);
    return erasNeeded(this.db, device.type_id, q.from, q.to);
  }

  /** Every snapshot of [from, to) in order, read a chunk at a time. */
  async *walk(deviceId: number, from: number, to: number, order: 'asc' | 'desc'): AsyncGenerator<{ ts: number; vals: Uint8Array }> {
    let cursor: number | null = null;
    for (;;) {
      const rows = await repo.historyChunk(this.db, deviceId, from, to, order, cursor, HISTORY_CHUNK);
      yield* rows;
      const last = rows.at(-1);
      if (rows.length < HISTORY_CHUNK || !last) return;
      cursor = last.ts;
    }
  }

  async kline(
    auth: AuthContext,
    boxId: number,
    controller: number,
    q: { register: number; period: KlinePeriod; from: number; to: number },
  ): Promise<KlineResult> {
    const device = await this.require(auth, boxId, controller);
    if (!(await registerRights(this.db, auth)).canRead(device.type_id, q.register))
      throw new AppError(Code.FORBIDDEN, 'error.noRegisterReadRight', { register: q.register });
    const periodMs = KLINE_PERIOD_MS[q.period];
    const acc = new CandleAccumulator(q.from, periodMs);
    const current = (await this.maps.of([device.type_id])).get(device.type_id ?? 0);
    await scanEras(
      this.db,
      device.id,
      current,
      [q.register],
      q.from,
      q.to,
      await erasNeeded(this.db, device.type_id, q.from, q.to),
      (_, ts, raw) => {
        acc.add(ts, raw);
      },
    );
    return { register: q.register, periodMs, candles: acc.result() };
  }

  async snapshot(
    auth: AuthContext,
    boxId: number,
    controller: number,
    q: { at: number; record?: number | undefined },
  ): Promise<SnapshotResult> {
    const device = await this.require(auth, boxId, controller);
    const rights = await registerRights(this.db, auth);
    const shown = (vals: Uint8Array) => readable(rights, device.type_id, valuesRecord(decodeValues(vals)));
    if (q.record !== undefined) {
      const record = await repo.faultRecordOf(this.db, device.id, q.record);
      if (!record) throw notFound();
      return { ts: record.started_at, values: shown(record.snapshot) };
    }
    const row = await repo.snapshotAt(this.db, device.id, q.at);
    return row ? { ts: row.ts, values: shown(row.vals) } : { ts: null, values: {} };
  }

  async filterOf(
    auth: AuthContext,
    q: { from: number; to: number; kind?: 'fault' | 'alert' | undefined; q?: string | undefined },
  ): Promise<repo.FaultRecordFilter> {
    return { lens: await faultLens(this.db, auth), from: q.from, to: q.to, kind: q.kind, q: q.q || undefined };
  }

  /** Rows of the list and the export: the record, its device, and the bit's name in `lang`. */
  async faultRows(rows: repo.FaultRecordListRow[], lang: Language): Promise<FaultRecordRow[]> {
    const maps = await this.maps.of(rows.map((r) => r.type_id));
    return rows.map((r) => ({
      ...toFaultRecord(r),
      deviceId: r.device_id,
      boxId: r.box_id,
      controller: r.controller,
      company: r.company || r.company_name,
      model: r.model,
      typeId: r.type_id,
      name: bitName(r.type_id === null ? undefined : maps.get(r.type_id), r.register, r.bit, lang),
    }));
  }

  async faultRecords(
    auth: AuthContext,
    q: { from: number; to: number; kind?: 'fault' | 'alert' | undefined; q?: string | undefined; page: number; page_size: number },
    lang: Language,
  ): Promise<FaultRecordPage> {
    const filter = await this.filterOf(auth, q);
    const [total, rows] = await Promise.all([
      repo.countFaultRecords(this.db, filter),
      repo.listFaultRecords(this.db, filter, (q.page - 1) * q.page_size, q.page_size),
    ]);
    return { total, items: await this.faultRows(rows, lang) };
  }
}
