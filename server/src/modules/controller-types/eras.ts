import {
  engineeringValue,
  eraAt,
  rawFromEngineering,
  registersByNumber,
  type MapEra,
  type RegisterCoding,
  type RegisterDef,
} from '@dms/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { versionRegisters } from './registers.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The saved eras of the types last read, per database, by type and version in use (`savedEras`). */
const savedOf = new WeakMap<Executor, Map<string, MapEra[]>>();
const SAVED_KEPT = 256;

/**
 * Every saved version of a type as an era, oldest first: each from the moment it was saved (the oldest from 0) until
 * the next. Kept by type and version in use: a saved version never changes, a save raises the type's version, and ids
 * are never given again, so a kept entry is never stale and nothing needs to clear it.
 */
async function savedEras(db: Executor, typeId: number, version: number): Promise<MapEra[]> {
  const key = `${typeId}:${version}`;
  const saved = savedOf.get(db) ?? new Map<string, MapEra[]>();
  const kept = saved.get(key);
  if (kept) return kept;
  const rows = await db
    .selectFrom('controller_type_versions')
    .select(['version', 'created_at', 'registers'])
    .where('type_id', '=', typeId)
    // A save that commits between the caller's read of the version in use and this one is not this version's.
    .where('version', '<=', version)
    .orderBy('version')
    .execute();
  const eras = rows.map((v, i) => ({
    version: v.version,
    from: i === 0 ? 0 : v.created_at,
    registers: versionRegisters(typeId, v.registers),
  }));
  // What a transaction reads may yet be rolled back: kept only when read outside one.
  if (db.isTransaction) return eras;
  if (saved.size >= SAVED_KEPT) saved.delete(saved.keys().next().value as string);
  saved.set(key, eras);
  savedOf.set(db, saved);
  return eras;
}

/** The eras of `all` (oldest first) that [from, to) spans. */
function spanned(all: readonly MapEra[], from: number, to: number): MapEra[] {
  return all.filter((era, i) => era.from < to && (all[i + 1]?.from ?? Number.POSITIVE_INFINITY) > from);
}

/** The version of a type's map in use, or null when there is no such type. */
async function versionInUse(db: Executor, typeId: number): Promise<number | null> {
  const type = await db.selectFrom('controller_types').select('version').where('id', '=', typeId).executeTakeFirst();
  return type?.version ?? null;
}

/**
 * The map eras of a type that [from, to) spans (contract controller-types/eras.ts), oldest first: each saved version
 * from the moment it was saved (the oldest listed from 0) until the next. A type without saved versions has none.
 */
export async function mapEras(db: Executor, typeId: number | null, from: number, to: number): Promise<MapEra[]> {
  if (typeId === null) return [];
  const version = await versionInUse(db, typeId);
  return version === null ? [] : spanned(await savedEras(db, typeId, version), from, to);
}

/**
 * The eras [from, to) needs to be read with: none when the map in use covers it all (the usual case: its values are
 * read as the map in use says), else every era it spans, oldest first.
 */
export async function erasNeeded(db: Executor, typeId: number | null, from: number, to: number): Promise<MapEra[]> {
  return (await mapsToRead(db, typeId, from, to)).eras;
}

/** `erasNeeded`, with the version of the map in use (null without a type); `version` when the caller has read it. */
export async function mapsToRead(
  db: Executor,
  typeId: number | null,
  from: number,
  to: number,
  version?: number | null,
): Promise<{ version: number | null; eras: MapEra[] }> {
  if (typeId === null) return { version: null, eras: [] };
  const inUse = version === undefined ? await versionInUse(db, typeId) : version;
  if (inUse === null) return { version: null, eras: [] };
  const eras = spanned(await savedEras(db, typeId, inUse), from, to);
  return { version: inUse, eras: eras.length === 1 && eras[0]?.version === inUse ? [] : eras };
}

/**
 * How each era reads a register, for the decoders that work a time at a time (the series, the k-line): the era's own
 * coding, and a raw value of it as the map in use would have stored it (engineering value kept), so that what the
 * console scales with the map in use shows as the era read it.
 */
export interface EraReading {
  from: number;
  to: number;
  /** The era's coding of each asked register it has, with the register's place in the asked list. */
  codings: Array<{ index: number; coding: RegisterCoding; toCurrent: (raw: number) => number }>;
}

/** The eras of [from, to) as readings of `numbers` (asked in that order), each register as the map in use reads it. */
export function eraReadings(
  eras: readonly MapEra[],
  current: ReadonlyMap<number, RegisterDef> | undefined,
  numbers: readonly number[],
  from: number,
  to: number,
): EraReading[] {
  return eras.flatMap((era, i) => {
    const start = Math.max(from, era.from);
    const end = Math.min(to, eras[i + 1]?.from ?? to);
    if (start >= end) return [];
    const own = registersByNumber(era.registers);
    const codings = numbers.flatMap((number, index) => {
      const def = own.get(number);
      if (!def) return [];
      const now = current?.get(number);
      const toCurrent = now ? (raw: number) => rawFromEngineering(now, engineeringValue(def, raw, 6)) : (raw: number) => raw;
      return [{ index, coding: def, toCurrent }];
    });
    return [{ from: start, to: end, codings }];
  });
}

/** The era a value stored at `ts` was read with, as a register map (undefined when the type has none). */
export function eraMapAt(eras: readonly MapEra[], ts: number): Map<number, RegisterDef> | undefined {
  const era = eraAt(eras, ts);
  return era ? registersByNumber(era.registers) : undefined;
}
