import { describe, expect, it } from 'vitest';
import { reg } from './registers.js';

describe('reg (tests name registers by key)', () => {
  it("answers the number of a key in its type's register map", () => {
    expect(reg('screw-compressor', 'fault_bits')).toBe(40050);
    expect(reg('maglev-blower', 'fault_bits')).toBe(40060);
    expect(reg('generic-plc', 'digital_inputs_1')).toBe(0);
  });

  it('fails loudly on a key the map does not have', () => {
    expect(() => reg('screw-compressor', 'outletTemperature')).toThrow('screw-compressor has no register with the key outletTemperature');
  });
});
