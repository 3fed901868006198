import type { Incident } from '../incidents.js';
import type { Prng } from '../prng.js';
import type { RegisterBank } from '../registers.js';

/** What the incidents impose on the machine: the oldest active fault (it trips the machine) and whether an alert is on. */
export interface Conditions {
  fault: Incident | undefined;
  alert: boolean;
}

/** What a write asks the controller to do besides storing the value. */
export type WriteEffect = 'reset-incidents' | undefined;

/**
 * The physics of one controller type. `advance` moves the machine on by a short step (at most a second);
 * `read` writes every register of the map into the bank, as the controller would report them at `now`.
 */
export interface MachineModel {
  advance(dt: number, now: number, conditions: Conditions): void;
  read(now: number, conditions: Conditions): void;
  /** A write from the server has been stored in the bank; the model reacts to commands and new settings. */
  written(key: string, raw: number): WriteEffect;
}

/** Builds the model of one controller; it sets its settings' starting values in the bank. */
export type ModelFactory = (bank: RegisterBank, rng: Prng, now: number) => MachineModel;

/** First-order lag: moves `current` towards `target` with time constant `tau` seconds over `dt` seconds. */
export function lag(current: number, target: number, dt: number, tau: number): number {
  return current + (target - current) * (1 - Math.exp(-dt / tau));
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** This machine's offset from UTC in hours, taken once (a simulated day need not follow daylight saving). */
const UTC_OFFSET_HOURS = -new Date().getTimezoneOffset() / 60;

/** Local hour of the day, 0..24, at `now`. */
function hourOfDay(now: number): number {
  const hours = now / 3_600_000 + UTC_OFFSET_HOURS;
  return hours - Math.floor(hours / 24) * 24;
}

/** A daily sine: `mean` ± `swing`, coolest around 03:00 and warmest around 15:00 local time. */
export function daily(now: number, mean: number, swing: number): number {
  return mean + swing * Math.sin(((hourOfDay(now) - 9) / 24) * 2 * Math.PI);
}

/** Whether a day shift (07:00–19:00 local) is at work: plant demand is higher then. */
export function dayShift(now: number): boolean {
  const h = hourOfDay(now);
  return h >= 7 && h < 19;
}

/** Running totals a controller keeps (hours, energy, counts), as floats; the registers show their integer part. */
export class Totals<K extends string> {
  private readonly values: Record<K, number>;

  constructor(initial: Record<K, number>) {
    this.values = { ...initial };
  }

  get(key: K): number {
    return this.values[key];
  }

  add(key: K, amount: number): void {
    this.values[key] += amount;
  }

  set(key: K, value: number): void {
    this.values[key] = value;
  }

  /** Writes each total to the register of the same key as a wrapping 16-bit counter. */
  writeTo(bank: RegisterBank): void {
    for (const key of Object.keys(this.values) as K[]) bank.setCounter(key, this.values[key]);
  }
}
