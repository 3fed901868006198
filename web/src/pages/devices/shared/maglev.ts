import { engineeringValue, type RegisterDef } from '@dms/contract';

/** The registers of the maglev pages, by key in the built-in maglev blower's map. */
export const MAGLEV_KEYS = {
  speed: 'speed',
  power: 'power',
  flow: 'flow',
  pressure: 'outlet_pressure',
  minSpeed: 'min_speed',
  maxSpeed: 'max_speed',
} as const;
export type MaglevRole = keyof typeof MAGLEV_KEYS;

/** The register of each role in a register map (undefined when the map lacks it). */
export function maglevRegisters(registers: readonly RegisterDef[]): Partial<Record<MaglevRole, RegisterDef>> {
  const out: Partial<Record<MaglevRole, RegisterDef>> = {};
  for (const [role, key] of Object.entries(MAGLEV_KEYS) as Array<[MaglevRole, string]>) {
    const def = registers.find((r) => r.key === key);
    if (def) out[role] = def;
  }
  return out;
}

/** A register's raw value in engineering units (undefined stays undefined). */
export function scaled(def: RegisterDef | undefined, raw: number | undefined): number | undefined {
  if (!def || raw === undefined) return undefined;
  return engineeringValue(def, raw);
}
