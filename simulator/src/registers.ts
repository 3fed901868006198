import {
  REGISTER_VALUE_MAX,
  engineeringValue,
  rawFromEngineering,
  rawFromWords,
  rawRange,
  wordCount,
  wordsFromRaw,
  type ControllerTypeDef,
  type RegisterDef,
  type WriteRejectReason,
} from '@dms/contract';

/**
 * Engineering value → the register's raw value (controller-types/values.ts): scaled by its factor or decimals,
 * rounded, and clamped to what its words hold (one or two, signed or not; a float32 as it is).
 */
export function toRaw(def: RegisterDef, value: number): number {
  const raw = rawFromEngineering(def, value);
  if (!Number.isFinite(raw)) return 0;
  const { min, max } = rawRange(def);
  return Math.min(max, Math.max(min, raw));
}

/** The raw value of written words (one, or the two of a 32-bit register, in address order), or undefined. */
function writtenRaw(def: RegisterDef, words: readonly number[]): number | undefined {
  if (words.length !== wordCount(def) || words.some((w) => !Number.isInteger(w) || w < 0 || w > REGISTER_VALUE_MAX)) return undefined;
  const raw = rawFromWords(def, words[0], words[1]);
  return raw !== undefined && Number.isFinite(raw) ? raw : undefined;
}

/** Why words may not be written to a register of the map, or null when they may. */
export function rejectWrite(def: RegisterDef | undefined, words: readonly number[]): WriteRejectReason | null {
  if (!def || !def.writable) return 'read-only';
  const raw = writtenRaw(def, words);
  if (raw === undefined) return 'out-of-range';
  if (def.format === 'enum') return def.options && String(raw) in def.options ? null : 'out-of-range';
  // Compare in raw units so that 0.3 MPa with 2 decimals is exactly 30, not 29.999999999999996.
  if (def.min !== undefined && raw < toRaw(def, def.min)) return 'out-of-range';
  if (def.max !== undefined && raw > toRaw(def, def.max)) return 'out-of-range';
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
    this.slots = type.registers.map((def) => ({ def, raw: initialRaw(def) }));
    for (const slot of this.slots) {
      this.byKey.set(slot.def.key, slot);
      this.byNumber.set(slot.def.number, slot);
    }
  }

  /** Whether the map has register `key`. */
  has(key: string): boolean {
    return this.byKey.has(key);
  }

  def(key: string): RegisterDef {
    return this.slot(key).def;
  }

  raw(key: string): number {
    return this.slot(key).raw;
  }

  /** The engineering value (raw scaled by the register's factor or decimals). */
  get(key: string): number {
    const slot = this.slot(key);
    return engineeringValue(slot.def, slot.raw);
  }

  /** Sets an engineering value; out-of-range values are clamped to the word. */
  set(key: string, value: number): void {
    const slot = this.slot(key);
    slot.raw = toRaw(slot.def, value);
  }

  /** Sets a running counter: like a counter in a controller, it wraps past what its words hold (65535, or 2^32 - 1). */
  setCounter(key: string, value: number): void {
    const slot = this.slot(key);
    const span = 2 ** (16 * wordCount(slot.def));
    const { factor, offset, decimals } = slot.def;
    const exact = factor !== undefined ? (value - (offset ?? 0)) / factor : value * 10 ** decimals;
    slot.raw = ((Math.floor(exact) % span) + span) % span;
  }

  /** Sets or clears one bit of a `bits` register. */
  setBit(key: string, bit: number, on: boolean): void {
    const slot = this.slot(key);
    slot.raw = on ? slot.raw | (1 << bit) : slot.raw & ~(1 << bit) & REGISTER_VALUE_MAX;
  }

  /** Applies a write from the server (the register's words, in address order); the reason when the register refuses it. */
  write(register: number, words: readonly number[]): { key: string; raw: number } | { reason: WriteRejectReason } {
    const slot = this.byNumber.get(register);
    const reason = rejectWrite(slot?.def, words);
    const raw = slot && writtenRaw(slot.def, words);
    if (reason || !slot || raw === undefined) return { reason: reason ?? 'read-only' };
    slot.raw = raw;
    return { key: slot.def.key, raw };
  }

  /**
   * Word address → raw word, for every register of the map (a register of two words at its number and the next,
   * in its word order); `overlay` ORs extra bits into one-word registers.
   */
  snapshot(overlay: ReadonlyMap<number, number> = new Map()): Record<string, number> {
    const out: Record<string, number> = {};
    for (const slot of this.slots) {
      const raw = wordCount(slot.def) === 1 ? slot.raw | (overlay.get(slot.def.number) ?? 0) : slot.raw;
      const words = wordsFromRaw(slot.def, raw) ?? [0, 0];
      words.forEach((word, i) => {
        out[slot.def.number + i] = word;
      });
    }
    return out;
  }

  private slot(key: string): Slot {
    const slot = this.byKey.get(key);
    if (!slot) throw new Error(`${this.type.code} has no register '${key}'`);
    return slot;
  }
}

/** One register: its definition and its current raw value (controller-types/values.ts). */
interface Slot {
  readonly def: RegisterDef;
  raw: number;
}

/** A valid starting value: the middle of a writable range, the first option, no bits, zero. */
function initialRaw(def: RegisterDef): number {
  if (def.format === 'enum') return Number(Object.keys(def.options ?? {})[0] ?? 0);
  if (def.min !== undefined && def.max !== undefined) return toRaw(def, (def.min + def.max) / 2);
  return def.min !== undefined ? toRaw(def, def.min) : 0;
}
