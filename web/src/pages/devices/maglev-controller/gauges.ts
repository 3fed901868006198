import type { ControllerTypeDetail, Language, RegisterDef } from '@dms/contract';
import { registerName, registerRaw, scaleRaw, withheldWhy, type ReadRights, type Withheld } from '../shared/registers';

/**
 * The maglev blower's four operating gauges: speed, power, flow and outlet pressure, each read from the register
 * with that key in the type's map; the gauge's full scale is the upper limit of the matching setpoint (so the dial
 * covers what the blower may be set to), else a round number above the value.
 */
export const GAUGES = [
  { key: 'speed', scale: 'max_speed' },
  { key: 'power', scale: 'power_setpoint' },
  { key: 'flow', scale: 'flow_setpoint' },
  { key: 'outlet_pressure', scale: 'pressure_setpoint' },
] as const;

export interface GaugeReading {
  key: string;
  name: string;
  unit: string;
  /** The scaled value; null when none was received or it is withheld. */
  value: number | null;
  /** Why the user may not read it (never shown as 0), null when they may. */
  withheld: Withheld | null;
  max: number;
  decimals: number;
}

/** A round full scale at or above `value` (1, 2 or 5 times a power of ten). */
export function niceMax(value: number): number {
  if (!(value > 0)) return 100;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** The gauges of a blower of `type` from its raw values, each withheld when the user may not read its register. */
export function gaugeReadings(
  type: ControllerTypeDetail | null,
  values: Record<string, number>,
  lang: Language,
  rights: ReadRights,
): GaugeReading[] {
  if (!type) return [];
  const byKey = new Map<string, RegisterDef>(type.registers.map((r) => [r.key, r]));
  const readings: GaugeReading[] = [];
  for (const gauge of GAUGES) {
    const def = byKey.get(gauge.key);
    if (!def) continue;
    const withheld = withheldWhy(rights, def.number);
    const raw = withheld ? undefined : registerRaw(def, values);
    const value = raw === undefined ? null : scaleRaw(def, raw);
    const scaleDef = byKey.get(gauge.scale);
    const limit = scaleDef?.max;
    const max = limit !== undefined && (value ?? 0) <= limit ? limit : niceMax(value ?? 0);
    readings.push({ key: gauge.key, name: registerName(def, lang), unit: def.unit, value, withheld, max, decimals: def.decimals });
  }
  return readings;
}
