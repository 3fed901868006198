import { BUILTIN_TYPES } from '@dms/seed';
import { describe, expect, it } from 'vitest';
import { RegisterBank, rejectWrite, toRaw } from '../src/registers.js';

const compressor = BUILTIN_TYPES.find((t) => t.code === 'screw-compressor');
if (!compressor) throw new Error('no screw-compressor');
const def = (key: string) => {
  const d = compressor.registers.find((r) => r.key === key);
  if (!d) throw new Error(key);
  return d;
};

describe('registers', () => {
  it('scales, rounds and clamps engineering values to a raw word', () => {
    expect(toRaw(def('discharge_pressure'), 0.734)).toBe(73);
    expect(toRaw(def('discharge_temperature'), -5)).toBe(0);
    expect(toRaw(def('energy'), 1e9)).toBe(65_535);
    expect(toRaw(def('energy'), Number.NaN)).toBe(0);
  });

  it('checks writes against the map: writable, range in engineering units, enum options', () => {
    expect(rejectWrite(def('discharge_pressure'), [70])).toBe('read-only');
    expect(rejectWrite(undefined, [1])).toBe('read-only');
    expect(rejectWrite(def('load_pressure'), [30])).toBeNull(); // 0.30 MPa, the minimum
    expect(rejectWrite(def('load_pressure'), [29])).toBe('out-of-range');
    expect(rejectWrite(def('load_pressure'), [131])).toBe('out-of-range');
    expect(rejectWrite(def('load_pressure'), [65.5])).toBe('out-of-range');
    expect(rejectWrite(def('start_stop_command'), [3])).toBeNull();
    expect(rejectWrite(def('start_stop_command'), [4])).toBe('out-of-range');
    expect(rejectWrite(def('restart_delay'), [601])).toBe('out-of-range');
  });

  it('wraps counters like a 16-bit controller counter', () => {
    const bank = new RegisterBank(compressor);
    bank.setCounter('energy', 65_536 + 12.7);
    expect(bank.raw('energy')).toBe(12);
    bank.setBit('fault_bits', 15, true);
    bank.setBit('fault_bits', 0, true);
    expect(bank.raw('fault_bits')).toBe(0x8001);
    bank.setBit('fault_bits', 15, false);
    expect(bank.raw('fault_bits')).toBe(1);
    expect(() => {
      bank.set('no_such_key', 1);
    }).toThrow(/no register/);
  });
});
