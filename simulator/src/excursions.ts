import type { Incident } from './incidents.js';
import { lag } from './models/model.js';
import type { RegisterBank } from './registers.js';

/**
 * A fault that is about a measured value: the register it is about, and its limit (the key of the setting that holds
 * it, or a fixed value). While the fault is on, the value stands past its limit by `margin`; once it clears, the value
 * comes back to what the machine model says over `tau` seconds.
 */
export interface Excursion {
  key: string;
  limit: string | number;
  margin: number;
  tau: number;
}

/** Controller type → fault bit (of its fault_bits) → the value the fault is about. */
export const EXCURSIONS: Readonly<Record<string, Readonly<Record<number, Excursion>>>> = {
  'screw-compressor': {
    // High discharge temperature: above the trip temperature.
    2: { key: 'discharge_temperature', limit: 'discharge_temperature_trip', margin: 4, tau: 240 },
    // High discharge pressure: above the high-pressure alarm.
    3: { key: 'discharge_pressure', limit: 'high_pressure_alarm', margin: 0.04, tau: 60 },
    // Motor over-temperature: the winding above insulation class F's 130 °C less a reserve.
    15: { key: 'motor_winding_temperature', limit: 125, margin: 5, tau: 600 },
  },
  'maglev-blower': {
    // Motor over-temperature: the winding above its alarm value.
    4: { key: 'winding_temperature', limit: 'winding_temperature_alarm', margin: 3, tau: 600 },
    // High outlet temperature: the outlet air above its alarm value.
    12: { key: 'outlet_air_temperature', limit: 'outlet_temperature_alarm', margin: 4, tau: 180 },
  },
};

/** One held value: what it stands at (engineering units). */
interface Held {
  excursion: Excursion;
  value: number;
}

/**
 * Lays the values of the active faults over the registers the model computed: a fault about a value drives that value
 * past its limit while it is on, and lets it come back smoothly after.
 */
export class Excursions {
  private readonly table: Readonly<Record<number, Excursion>>;
  private readonly held = new Map<string, Held>();

  constructor(
    typeCode: string,
    private readonly faultRegister: number | undefined,
  ) {
    this.table = EXCURSIONS[typeCode] ?? {};
  }

  /** The limit of an excursion, as set now in the bank. */
  static limit(bank: RegisterBank, excursion: Excursion): number {
    return typeof excursion.limit === 'number' ? excursion.limit : bank.get(excursion.limit);
  }

  /** Called after the model has read its registers, `dt` seconds after the last call. */
  apply(bank: RegisterBank, faults: readonly Incident[], dt: number, wobble: number): void {
    const driven = new Set<string>();
    for (const fault of faults) {
      if (fault.register !== this.faultRegister) continue;
      const excursion = this.table[fault.bit];
      if (!excursion || driven.has(excursion.key)) continue;
      driven.add(excursion.key);
      const target = Excursions.limit(bank, excursion) + excursion.margin;
      const held = this.held.get(excursion.key);
      // The value climbs to its peak within a report or two, and never stands below the limit while the fault is on.
      const value = Math.max(held ? lag(held.value, target, dt, 20) : target, Excursions.limit(bank, excursion) + excursion.margin / 2);
      this.held.set(excursion.key, { excursion, value });
    }
    for (const [key, held] of this.held) {
      const model = bank.get(key);
      if (!driven.has(key)) {
        held.value = lag(held.value, model, dt, held.excursion.tau);
        if (Math.abs(held.value - model) < held.excursion.margin / 4 || held.value < model) {
          this.held.delete(key);
          continue;
        }
      }
      bank.set(key, Math.max(model, held.value + wobble * held.excursion.margin * 0.05));
    }
  }
}
