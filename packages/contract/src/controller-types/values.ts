import type { RegisterDef } from './schemas.js';

/*
 * How a register's words become its value, written ONCE for the server and the console (docs/box-protocol.md,
 * "Register values"). Boxes report, and storage keeps, raw 16-bit words by address, as Modbus holds them; a register
 * of two words takes its number and the next. A register's *raw value* is its words read as its map says: one word
 * or two in its word order, as an unsigned or signed integer or an IEEE-754 float32. Its *engineering value* is the
 * raw value scaled: raw × factor + offset when the map gives a factor, else raw / 10^decimals.
 */

/** The fields of a register that say how its words are read and scaled. */
export type RegisterCoding = Pick<RegisterDef, 'number' | 'decimals' | 'words' | 'wordOrder' | 'signed' | 'encoding' | 'factor' | 'offset'>;
/** The fields that scale a raw value into engineering units. */
export type RegisterScale = Pick<RegisterCoding, 'decimals' | 'factor' | 'offset'>;

/** How many 16-bit words the register takes (1 unless its map says 2). */
export function wordCount(def: Pick<RegisterDef, 'words'>): 1 | 2 {
  return def.words === 2 ? 2 : 1;
}

/** The word addresses a register takes: its number, and the next one for a register of two words. */
export function wordAddresses(def: Pick<RegisterDef, 'number' | 'words'>): number[] {
  return wordCount(def) === 2 ? [def.number, def.number + 1] : [def.number];
}

const floatView = new DataView(new ArrayBuffer(4));

/**
 * The raw value of words as read from the box: `first` at the register's number, `second` at the next address (two
 * words only). Undefined when a word it needs is missing.
 */
export function rawFromWords(
  def: Omit<RegisterCoding, 'number' | 'decimals' | 'factor' | 'offset'>,
  first: number | undefined,
  second?: number,
): number | undefined {
  if (first === undefined) return undefined;
  if (def.words !== 2) return def.signed ? (first << 16) >> 16 : first;
  if (second === undefined) return undefined;
  const [high, low] = def.wordOrder === 'low-first' ? [second, first] : [first, second];
  if (def.encoding === 'float32') {
    floatView.setUint16(0, high);
    floatView.setUint16(2, low);
    return floatView.getFloat32(0);
  }
  const unsigned = high * 65_536 + low;
  return def.signed ? unsigned | 0 : unsigned;
}

/** The raw value of a register in values keyed by word address (what the API and the push carry), or undefined. */
export function registerRaw(def: RegisterCoding, values: Readonly<Record<string, number>>): number | undefined {
  return rawFromWords(def, values[def.number], def.words === 2 ? values[def.number + 1] : undefined);
}

/** The same from a map of word address → word (what ingest holds). */
export function registerRawIn(def: RegisterCoding, values: ReadonlyMap<number, number>): number | undefined {
  return rawFromWords(def, values.get(def.number), def.words === 2 ? values.get(def.number + 1) : undefined);
}

/** Rounds to `decimals` places, exactly as written (no 0.30000000000000004). */
function roundTo(value: number, decimals: number): number {
  return Number(value.toFixed(Math.max(0, Math.min(decimals, 20))));
}

/** A raw value in engineering units: raw × factor + offset, or raw / 10^decimals; rounded to `extra` places past the register's decimals. */
export function engineeringValue(def: RegisterScale, raw: number, extra = 0): number {
  const value = def.factor !== undefined ? raw * def.factor + (def.offset ?? 0) : def.decimals > 0 ? raw / 10 ** def.decimals : raw;
  return roundTo(value, def.decimals + extra);
}

/** The raw value that shows as `value` in engineering units (integers rounded to the nearest; a float32 kept as is). */
export function rawFromEngineering(def: RegisterScale & Pick<RegisterCoding, 'encoding'>, value: number): number {
  const raw = def.factor !== undefined ? (value - (def.offset ?? 0)) / def.factor : value * 10 ** def.decimals;
  return def.encoding === 'float32' ? raw : Math.round(raw);
}

/** The smallest and largest raw value the register's words can hold. */
export function rawRange(def: Pick<RegisterCoding, 'words' | 'signed' | 'encoding'>): { min: number; max: number } {
  if (def.encoding === 'float32') return { min: -3.4028234663852886e38, max: 3.4028234663852886e38 };
  const bits = wordCount(def) * 16;
  return def.signed ? { min: -(2 ** (bits - 1)), max: 2 ** (bits - 1) - 1 } : { min: 0, max: 2 ** bits - 1 };
}

/** What a write of the register accepts, in engineering units: the map's min and max, else what its words can hold. */
export function writeRange(def: Pick<RegisterDef, 'decimals' | 'words' | 'signed' | 'encoding' | 'factor' | 'offset' | 'min' | 'max'>): {
  min: number;
  max: number;
} {
  const raw = rawRange(def);
  const a = engineeringValue(def, raw.min);
  const b = engineeringValue(def, raw.max);
  return { min: def.min ?? Math.min(a, b), max: def.max ?? Math.max(a, b) };
}

/**
 * The words that write `raw` to the register, in address order (its number first): what one write command carries,
 * so that both words of a 32-bit value change in one bus transaction. Undefined when the words cannot hold it.
 */
export function wordsFromRaw(def: Omit<RegisterCoding, 'number' | 'decimals' | 'factor' | 'offset'>, raw: number): number[] | undefined {
  if (!Number.isFinite(raw)) return undefined;
  if (def.encoding === 'float32') {
    floatView.setFloat32(0, raw);
    const high = floatView.getUint16(0);
    const low = floatView.getUint16(2);
    return def.wordOrder === 'low-first' ? [low, high] : [high, low];
  }
  const { min, max } = rawRange(def);
  if (!Number.isInteger(raw) || raw < min || raw > max) return undefined;
  if (def.words !== 2) return [raw & 0xffff];
  const unsigned = raw < 0 ? raw + 2 ** 32 : raw;
  const high = Math.floor(unsigned / 65_536);
  const low = unsigned % 65_536;
  return def.wordOrder === 'low-first' ? [low, high] : [high, low];
}
