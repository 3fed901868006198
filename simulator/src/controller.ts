import { controllerKey, deviceSerial, type ControllerTypeDef, type WriteRejectReason } from '@dms/contract';
import { BUILTIN_TYPES } from '@dms/seed';
import { Excursions } from './excursions.js';
import { Incidents, type Incident, type IncidentSeverity } from './incidents.js';
import { ControllerLock } from './lock.js';
import type { Conditions, MachineModel } from './models/model.js';
import { MODELS } from './models/index.js';
import type { Prng } from './prng.js';
import { RegisterBank } from './registers.js';

/** Longest physics step (s): a report interval is simulated in steps of at most this. */
const MAX_STEP_S = 1;

/** A controller's serial and key: what its CK factory wrote into it (docs/dynamic-password.md); no key without a master key. */
export interface Keying {
  serial: string;
  key?: Uint8Array;
}

/** The keying of controller `index` of box `boxId`, whose CK factory's master key is `masterKey`. */
export function keying(boxId: number, index: number, masterKey: Uint8Array | undefined): Keying {
  const serial = deviceSerial(boxId, index);
  return masterKey ? { serial, key: controllerKey(masterKey, serial) } : { serial };
}

/**
 * One controller on a box's bus: its register map, the machine model that fills it, and the faults and alerts
 * laid over its bit registers.
 */
export class SimController {
  readonly type: ControllerTypeDef;
  readonly bank: RegisterBank;
  readonly incidents: Incidents;
  /** Its lock (lock.ts): locked by a write, a scene or a timed unlock running out; unlocked by a dynamic password. */
  readonly lock: ControllerLock;
  private readonly model: MachineModel;
  private readonly excursions: Excursions;

  /**
   * `rng` drives this machine's physics only: draws made for other controllers or for incidents do not shift it.
   * `keying` is the controller's serial and the key its CK factory wrote into it (docs/dynamic-password.md); without a
   * key it refuses every unlock password.
   */
  constructor(
    readonly index: number,
    typeCode: string,
    rng: Prng,
    now: number,
    { serial, key }: Keying = { serial: `0-${index}` },
  ) {
    const type = BUILTIN_TYPES.find((t) => t.code === typeCode);
    const factory = MODELS[typeCode];
    if (!type || !factory) throw new Error(`no simulated controller type '${typeCode}'`);
    this.type = type;
    this.bank = new RegisterBank(type);
    this.incidents = new Incidents(type);
    this.model = factory(this.bank, rng, now);
    this.excursions = new Excursions(typeCode, type.registers.find((r) => r.key === 'fault_bits')?.number);
    this.lock = new ControllerLock(this.bank, serial, key);
    this.model.read(now, this.conditions());
    this.lock.tick(now);
  }

  /**
   * Moves the machine on from `now - seconds * 1000` to `now` and reads its registers; in physics steps of at most
   * `maxStep` seconds (coarser steps for history written after the fact).
   */
  step(seconds: number, now: number, maxStep = MAX_STEP_S): void {
    this.incidents.expire(now);
    const conditions = this.conditions();
    const steps = Math.max(1, Math.ceil(seconds / maxStep));
    for (let i = 1; i <= steps; i++) {
      this.model.advance(seconds / steps, now - ((steps - i) * seconds * 1000) / steps, conditions);
    }
    this.model.read(now, conditions);
    this.lock.tick(now);
    // A fault about a value (a high temperature, a high pressure) shows that value past its limit.
    this.excursions.apply(this.bank, this.incidents.active('fault'), seconds, Math.sin(now / 7_000));
  }

  /** Word address → raw word, every register of the map, with the incident bits set. */
  snapshot(): Record<string, number> {
    return this.bank.snapshot(this.incidents.overlay());
  }

  /** Applies a write from the server (the register's words, in address order) at `now`; null when done, else why not. */
  write(register: number, words: readonly number[], now: number): WriteRejectReason | null {
    const result = this.bank.write(register, words);
    if ('reason' in result) return result.reason;
    if (this.model.written(result.key, result.raw) === 'reset-incidents') this.incidents.clear();
    return this.lock.written(result.key, result.raw, now);
  }

  /**
   * Resets the latched fault bits (the `clear-faults` command): the next snapshot shows them clear, and the machine
   * runs on as after a fault reset. Alerts are not faults and stay. How many were set.
   */
  clearFaults(): number {
    const count = this.incidents.active('fault').length;
    this.incidents.clear('fault');
    return count;
  }

  /** Sets a random fault or alert bit until `until`; null when every bit of that severity is already set. */
  raise(severity: IncidentSeverity, rng: Prng, until: number): Incident | null {
    return this.incidents.raise(severity, rng, until);
  }

  private conditions(): Conditions {
    return { fault: this.incidents.active('fault')[0], alert: this.incidents.active('alert').length > 0 };
  }
}
