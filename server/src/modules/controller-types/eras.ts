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

/**
 * The map eras of a type that [from, to) spans (contract controller-types/eras.ts), oldest first: each saved version
 * from the moment it was saved (the oldest listed from 0) until the next. A type without saved versions has none.
 */
export async function mapEras(db: Executor, typeId: number | null, from: number, to: number): Promise<MapEra[]> {
  if (typeId === null) return [];
  const versions = await db
    .selectFrom('controller_type_versions')
    .select(['version', 'created_at'])
    .where('type_id', '=', typeId)
    .orderBy('version')
    .execute();
  const spans = versions.map((v, i) => ({
    version: v.version,
    from: i === 0 ? 0 : v.created_at,
    to: versions[i + 1]?.created_at ?? Number.POSITIVE_INFINITY,
  }));
  const wanted = spans.filter((s) => s.from < to && s.to > from);
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('controller_type_versions')
    .select(['version', 'registers'])
    .where('type_id', '=', typeId)
    .where(
      'version',
      'in',
      wanted.map((w) => w.version),
    )
    .execute();
  const byVersion = new Map(rows.map((r) => [r.version, r.registers]));
  return wanted.map((w) => ({ version: w.version, from: w.from, registers: versionRegisters(typeId, byVersion.get(w.version) ?? '[]') }));
}

/**
 * The eras [from, to) needs to be read with: none when the map in use covers it all (the usual case: its values are
 * read as the map in use says), else every era it spans, oldest first.
 */
export async function erasNeeded(db: Executor, typeId: number | null, from: number, to: number): Promise<MapEra[]> {
  return (await mapsToRead(db, typeId, from, to)).eras;
}

/** `erasNeeded`, with the version of the map in use (null without a type). */
export async function mapsToRead(
  db: Executor,
  typeId: number | null,
  from: number,
  to: number,
): Promise<{ version: number | null; eras: MapEra[] }> {
  if (typeId === null) return { version: null, eras: [] };
  const [type, eras] = await Promise.all([
    db.selectFrom('controller_types').select('version').where('id', '=', typeId).executeTakeFirst(),
    mapEras(db, typeId, from, to),
  ]);
  const version = type?.version ?? null;
  return { version, eras: eras.length === 1 && eras[0]?.version === version ? [] : eras };
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
