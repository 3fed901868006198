import {
  ACTIVE_FAULTS_SHOWN,
  registerBit,
  type ActiveFaults,
  type Language,
  type LocalizedText,
  type TransitionFault,
} from '@dms/contract';
import { z } from 'zod';
import type { FaultLens } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import * as repo from './repository.js';

const bitList = z.array(registerBit);

/** The name a register map gives a bit, or "#register.bit" when it gives none. */
function bitName(bits: LocalizedText | undefined, register: number, bit: number, lang: Language): string {
  return bits?.[lang] || `#${register}.${bit}`;
}

/** Parses a register's bits (JSON) once per distinct text: bit → name. */
function bitNames() {
  const parsed = new Map<string, Map<number, LocalizedText>>();
  return (json: string | null) => {
    if (json === null) return undefined;
    let names = parsed.get(json);
    if (!names) {
      const bits = bitList.safeParse(JSON.parse(json));
      names = new Map(bits.success ? bits.data.map((b) => [b.bit, b.name]) : []);
      parsed.set(json, names);
    }
    return names;
  };
}

/**
 * The active faults and alerts of the given devices (open fault records) that the user's lens shows, newest first, at
 * most ACTIVE_FAULTS_SHOWN each and the count of the rest, named in `lang`. One query for them all; a device without
 * any (or whose faults the user may not see) has none.
 */
export async function activeFaultsOf(
  db: Db,
  lens: FaultLens,
  deviceIds: readonly number[],
  lang: Language,
): Promise<Map<number, ActiveFaults>> {
  const rows = await repo.openFaults(db, lens, deviceIds, ACTIVE_FAULTS_SHOWN);
  const namesOf = bitNames();
  const out = new Map<number, ActiveFaults>(deviceIds.map((id) => [id, { activeFaults: [], moreFaults: 0 }]));
  for (const r of rows) {
    const entry = out.get(r.device_id);
    if (!entry) continue;
    entry.activeFaults.push({
      kind: r.kind,
      register: r.register,
      bit: r.bit,
      name: bitName(namesOf(r.bits)?.get(r.bit), r.register, r.bit, lang),
      startedAt: r.started_at,
    });
    entry.moreFaults = Math.max(0, r.total - ACTIVE_FAULTS_SHOWN);
  }
  return out;
}

/**
 * The faults and alerts each of these devices had at a moment (a status transition's time) that the user's lens
 * shows: the records started by then and not ended before, newest first, at most ACTIVE_FAULTS_SHOWN, named in every
 * language. Keyed by `deviceId:time`; a moment without any has none.
 */
export async function faultsAt(
  db: Db,
  lens: FaultLens,
  moments: ReadonlyArray<{ deviceId: number; time: number }>,
): Promise<Map<string, TransitionFault[]>> {
  const out = new Map<string, TransitionFault[]>();
  if (moments.length === 0) return out;
  const times = moments.map((m) => m.time);
  const rows = await repo.faultsBetween(db, lens, [...new Set(moments.map((m) => m.deviceId))], Math.min(...times), Math.max(...times));
  const namesOf = bitNames();
  for (const m of moments) {
    const faults: TransitionFault[] = [];
    for (const r of rows) {
      if (faults.length >= ACTIVE_FAULTS_SHOWN) break;
      if (r.device_id !== m.deviceId || r.started_at > m.time || (r.ended_at !== null && r.ended_at <= m.time)) continue;
      const fallback = `#${r.register}.${r.bit}`;
      const name = namesOf(r.bits)?.get(r.bit) ?? { en: fallback, zh: fallback, es: fallback, ja: fallback };
      faults.push({ kind: r.kind, name });
    }
    out.set(`${m.deviceId}:${m.time}`, faults);
  }
  return out;
}
