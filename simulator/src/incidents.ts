import type { ControllerTypeDef } from '@dms/contract';
import type { Prng } from './prng.js';

export type IncidentSeverity = 'fault' | 'alert';

/** One fault or alert bit that is set until `until` (ms, box clock). */
export interface Incident {
  severity: IncidentSeverity;
  register: number;
  key: string;
  bit: number;
  until: number;
}

type BitRef = Pick<Incident, 'register' | 'key' | 'bit'>;

/**
 * The simulated faults and alerts of one controller: bits of the type's `bits` registers, chosen by their severity
 * in the map, that are set for a while and then clear. They are laid over the registers the model computes.
 */
export class Incidents {
  private readonly pools: Record<IncidentSeverity, BitRef[]> = { fault: [], alert: [] };
  private list: Incident[] = [];

  constructor(type: ControllerTypeDef) {
    for (const def of type.registers) {
      for (const b of def.bits ?? []) {
        if (b.severity === 'fault' || b.severity === 'alert') {
          this.pools[b.severity].push({ register: def.number, key: def.key, bit: b.bit });
        }
      }
    }
  }

  /** Sets a random bit of this severity that is not set yet; null when the type has none left. */
  raise(severity: IncidentSeverity, rng: Prng, until: number): Incident | null {
    const free = this.pools[severity].filter((ref) => !this.list.some((i) => i.register === ref.register && i.bit === ref.bit));
    if (free.length === 0) return null;
    const incident: Incident = { severity, ...rng.pick(free), until };
    this.list.push(incident);
    return incident;
  }

  /** Sets this bit of this severity (a chosen fault: tests, demos); null when the type has no such bit or it is set. */
  raiseBit(severity: IncidentSeverity, key: string, bit: number, until: number): Incident | null {
    const ref = this.pools[severity].find((r) => r.key === key && r.bit === bit);
    if (!ref || this.list.some((i) => i.register === ref.register && i.bit === bit)) return null;
    const incident: Incident = { severity, ...ref, until };
    this.list.push(incident);
    return incident;
  }

  /** Clears the incidents whose time is over. */
  expire(now: number): void {
    this.list = this.list.filter((i) => i.until > now);
  }

  /** Clears every incident (a fault reset command), or those of one severity (the `clear-faults` command: faults). */
  clear(severity?: IncidentSeverity): void {
    this.list = severity ? this.list.filter((i) => i.severity !== severity) : [];
  }

  /** The incidents of one severity that are set, oldest first. */
  active(severity: IncidentSeverity): readonly Incident[] {
    return this.list.filter((i) => i.severity === severity);
  }

  /** Register number → the bits the incidents set in it. */
  overlay(): Map<number, number> {
    const bits = new Map<number, number>();
    for (const i of this.list) bits.set(i.register, (bits.get(i.register) ?? 0) | (1 << i.bit));
    return bits;
  }
}
