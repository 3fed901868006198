import { REGISTER_VALUE_MAX, type ControllerTypeDef, type RegisterDef, type WriteRejectReason } from '@dms/contract';

/** Engineering value → raw word: scaled by the register's decimals, rounded and clamped to 0..65535. */
export function toRaw(def: RegisterDef, value: number): number {
  const raw = Math.round(value * 10 ** def.decimals);
  return Number.isFinite(raw) ? Math.min(REGISTER_VALUE_MAX, Math.max(0, raw)) : 0;
}

/** Why a raw value may not be written to a register of the map, or null when it may. */
export function rejectWrite(def: RegisterDef | undefined, raw: number): WriteRejectReason | null {
  if (!def || !def.writable) return 'read-only';
  if (!Number.isInteger(raw) || raw < 0 || raw > REGISTER_VALUE_MAX) return 'out-of-range';
  if (def.format === 'enum') return def.options && String(raw) in def.options ? null : 'out-of-range';
  // Compare in raw units so that 0.3 MPa with 2 decimals is exactly 30, not 29.999999999999996.
  const scale = 10 ** def.decimals;
  if (def.min !== undefined && raw < Math.round(def.min * scale)) return 'out-of-range';
  if (def.max !== undefined && raw > Math.round(def.max * scale)) return 'out-of-range';
  return null;
}

/**
 * The holding registers of one controller, as raw words, addressed by key. The machine models write engineering
 * values here; a snapshot may lay extra bits (the simulated incidents) over the model's own bits.
 */
export class RegisterBank {
  private readonly slots: Slot[];
  private readonly byKey = new Map<string, Slot>();
  private readonly byNumber = new Map<number, Slot>();

  /** Every register starts at a valid value; the machine model then sets its own settings and readings. */
  constructor(readonly type: ControllerTypeDef) {
    this.slots = type.registers.map((def) => ({ def, label: String(def.number), scale: 10 ** def.decimals, raw: initialRaw(def) }));
    for (const slot of this.slots) {
      this.byKey.set(slot.def.key, slot);
      this.byNumber.set(slot.def.number, slot);
    }
  }

  def(key: string): RegisterDef {
    return this.slot(key).def;
  }

  raw(key: string): number {
    return this.slot(key).raw;
  }

  /** The engineering value (raw / 10^decimals). */
  get(key: string): number {
    const slot = this.slot(key);
    return slot.raw / slot.scale;
  }

  /** Sets an engineering value; out-of-range values are clamped to the word. */
  set(key: string, value: number): void {
    const slot = this.slot(key);
    slot.raw = toRaw(slot.def, value);
  }

  /** Sets a running counter: like a 16-bit counter in a controller, it wraps past 65535. */
  setCounter(key: string, value: number): void {
    const slot = this.slot(key);
    const words = REGISTER_VALUE_MAX + 1;
    slot.raw = ((Math.floor(value * slot.scale) % words) + words) % words;
  }

  /** Sets or clears one bit of a `bits` register. */
  setBit(key: string, bit: number, on: boolean): void {
    const slot = this.slot(key);
    slot.raw = on ? slot.raw | (1 << bit) : slot.raw & ~(1 << bit) & REGISTER_VALUE_MAX;
  }

  /** Applies a write from the server; the reason when the register refuses it. */
  write(register: number, raw: number): { key: string } | { reason: WriteRejectReason } {
    const slot = this.byNumber.get(register);
    const reason = rejectWrite(slot?.def, raw);
    if (reason || !slot) return { reason: reason ?? 'read-only' };
    slot.raw = raw;
    return { key: slot.def.key };
  }

  /** Register number → raw word, for every register of the map; `overlay` ORs extra bits into registers. */
  snapshot(overlay: ReadonlyMap<number, number> = new Map()): Record<string, number> {
    const out: Record<string, number> = {};
    for (const slot of this.slots) out[slot.label] = slot.raw;
    for (const [number, bits] of overlay) {
      const slot = this.byNumber.get(number);
      if (slot) out[slot.label] = slot.raw | bits;
    }
    return out;
  }

  private slot(key: string): Slot {
    const slot = this.byKey.get(key);
    if (!slot) throw new Error(`${this.type.code} has no register '${key}'`);
    return slot;
  }
}

/** One register: its definition, its number as a snapshot key, its scale and its current raw word. */
interface Slot {
  readonly def: RegisterDef;
  readonly label: string;
  readonly scale: number;
  raw: number;
}

/** A valid starting value: the middle of a writable range, the first option, no bits, zero. */
function initialRaw(def: RegisterDef): number {
  if (def.format === 'enum') return Number(Object.keys(def.options ?? {})[0] ?? 0);
  if (def.min !== undefined && def.max !== undefined) return toRaw(def, (def.min + def.max) / 2);
  return def.min !== undefined ? toRaw(def, def.min) : 0;
}
