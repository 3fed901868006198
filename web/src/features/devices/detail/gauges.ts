import type { ControllerTypeDetail, Language, RegisterDef } from '@dms/contract';
import { registerName, registerRaw, scaleRaw, withheldWhy, type ReadRights, type Withheld } from '@/features/devices/registers';

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

/**
 * The gauges a page shows (its `gauges`, register numbers in order) from the device's raw values, each withheld when
 * the user may not read its register. A gauge's full scale is the highest limit (`max`) of a register in the same unit
 * (its own, or the setpoint that bounds it: a blower's maximum speed for its speed), else a round number above the value.
 */
export function gaugeReadings(
  type: ControllerTypeDetail | null,
  gauges: readonly number[],
  values: Record<string, number>,
  lang: Language,
  rights: ReadRights,
): GaugeReading[] {
  if (!type) return [];
  const byNumber = new Map<number, RegisterDef>(type.registers.map((r) => [r.number, r]));
  const readings: GaugeReading[] = [];
  for (const number of gauges) {
    const def = byNumber.get(number);
    if (!def) continue;
    const withheld = withheldWhy(rights, def.number);
    const raw = withheld ? undefined : registerRaw(def, values);
    const value = raw === undefined ? null : scaleRaw(def, raw);
    const limits = type.registers.flatMap((r) => (r.unit === def.unit && r.max !== undefined ? [r.max] : []));
    const limit = limits.length > 0 ? Math.max(...limits) : undefined;
    const max = limit !== undefined && (value ?? 0) <= limit ? limit : niceMax(value ?? 0);
    readings.push({ key: def.key, name: registerName(def, lang), unit: def.unit, value, withheld, max, decimals: def.decimals });
  }
  return readings;
}
