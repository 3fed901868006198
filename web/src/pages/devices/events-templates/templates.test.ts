import { BUILTIN_TYPES } from '@dms/seed';
import { describe, expect, it } from 'vitest';
import { eventTemplates, languagesFirst } from './templates';

describe('event templates from a register map', () => {
  it('makes one template per bit of each bit-field register, faults first', () => {
    const compressor = BUILTIN_TYPES.find((t) => t.code === 'screw-compressor');
    if (!compressor) throw new Error('no compressor');
    const templates = eventTemplates(compressor);
    const bits = compressor.registers.filter((r) => r.format === 'bits').reduce((n, r) => n + (r.bits?.length ?? 0), 0);
    expect(templates).toHaveLength(bits);
    expect(templates[0]).toMatchObject({
      register: compressor.registers.find((r) => r.key === 'fault_bits')?.number,
      bit: 0,
      severity: 'fault',
    });
    expect(templates[0]?.text.en).toBe('Main motor overload');
    const severities = templates.map((t) => t.severity);
    expect(severities.indexOf('alert')).toBeGreaterThan(severities.lastIndexOf('fault'));
    expect(severities.indexOf('info')).toBeGreaterThan(severities.lastIndexOf('alert'));
  });

  it('puts the user’s language first', () => {
    expect(languagesFirst('ja')).toEqual(['ja', 'en', 'zh', 'es']);
  });
});
