/**
 * Register values packed for storage: (register u16, value u16) pairs, big-endian, sorted by register number.
 * Four bytes per value; a snapshot of 100 registers is a 400-byte blob in one history row.
 */
export type Values = Map<number, number>;

export function encodeValues(values: Values): Buffer {
  const registers = [...values.keys()].sort((a, b) => a - b);
  const buf = Buffer.allocUnsafe(registers.length * 4);
  let offset = 0;
  for (const register of registers) {
    buf.writeUInt16BE(register, offset);
    buf.writeUInt16BE(values.get(register) ?? 0, offset + 2);
    offset += 4;
  }
  return buf;
}

export function decodeValues(buf: Uint8Array): Values {
  const view = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  const values: Values = new Map();
  for (let offset = 0; offset + 3 < view.length; offset += 4) {
    values.set(view.readUInt16BE(offset), view.readUInt16BE(offset + 2));
  }
  return values;
}

/** The big-endian word at `at` of a packed blob. */
const word = (buf: Uint8Array, at: number): number => ((buf[at] ?? 0) << 8) | (buf[at + 1] ?? 0);

/** Sets each value of a packed blob into `into`. */
export function mergeValues(into: Values, buf: Uint8Array): void {
  for (let at = 0; at + 3 < buf.byteLength; at += 4) into.set(word(buf, at), word(buf, at + 2));
}

/** A packed blob without the registers `keep` refuses (each counted by `dropped`): the blob itself when it keeps all. */
export function keepRegisters(buf: Uint8Array, keep: (register: number) => boolean, dropped: () => void): Uint8Array {
  let out: Uint8Array | null = null;
  let size = 0;
  for (let at = 0; at + 3 < buf.byteLength; at += 4) {
    if (keep(word(buf, at))) {
      if (out) out.set(buf.subarray(at, at + 4), size);
      size += 4;
      continue;
    }
    dropped();
    if (!out) out = buf.slice(0, size + (buf.byteLength - at - 4));
  }
  return out ? out.subarray(0, size) : buf;
}

/** One register's value in a packed blob (binary search), or undefined when the snapshot lacks it. */
export function valueIn(buf: Uint8Array, register: number): number | undefined {
  let lo = 0;
  let hi = (buf.byteLength >> 2) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = mid << 2;
    const found = word(buf, at);
    if (found === register) return word(buf, at + 2);
    if (found < register) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/** Values as the API and the push carry them: register number (text) → raw word. */
export function valuesRecord(values: Values): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [register, value] of values) out[register] = value;
  return out;
}
