import type { RegisterDef } from '@dms/contract';
import { BUILTIN_TYPES } from '@dms/seed';
import { describe, expect, it } from 'vitest';
import en from '@/locales/en';
import zh from '@/locales/zh';
import { translator } from '@/i18n/translate';
import {
  bitsSeverity,
  formatDuration,
  formatRegisterValue,
  formatRegisterWithUnit,
  permittedRegisters,
  readableRegisters,
  registerName,
  registerRaw,
  scaleRaw,
  setBits,
  withheldWhy,
  writeBounds,
  writeProblem,
} from '@/features/devices/registers';

const tEn = translator(en);
const tZh = translator(zh);
const ctxEn = { t: tEn, lang: 'en' as const };
const ctxZh = { t: tZh, lang: 'zh' as const };

const compressor = BUILTIN_TYPES.find((ty) => ty.code === 'screw-compressor');
if (!compressor) throw new Error('no screw compressor type');
const reg = (key: string): RegisterDef => {
  const def = compressor.registers.find((r) => r.key === key);
  if (!def) throw new Error(`no register ${key}`);
  return def;
};

describe('register values (raw word → shown value)', () => {
  it('scales numbers by their decimals, exactly', () => {
    expect(scaleRaw({ decimals: 2 }, 85)).toBe(0.85);
    expect(scaleRaw({ decimals: 1 }, 3)).toBe(0.3);
    expect(scaleRaw({ decimals: 0 }, 1234)).toBe(1234);
    expect(formatRegisterValue(reg('discharge_pressure'), 72, ctxEn)).toBe('0.72');
    expect(formatRegisterValue(reg('discharge_pressure'), 100, ctxEn)).toBe('1.00');
    expect(formatRegisterWithUnit(reg('discharge_pressure'), 72, ctxEn)).toBe('0.72 MPa');
    expect(formatRegisterWithUnit(reg('oil_temperature'), 853, ctxEn)).toBe('85.3 °C');
  });

  it('reads a register of two words, a signed one and a float32 from their words, and scales by a factor', () => {
    const energy = reg('energy_total');
    expect(formatRegisterWithUnit(energy, registerRaw(energy, { [energy.number]: 1, [energy.number + 1]: 0x1170 }), ctxEn)).toBe(
      '70000 kWh',
    );
    expect(registerRaw(energy, { [energy.number]: 1 })).toBeUndefined();
    const signed: RegisterDef = { ...reg('oil_temperature'), signed: true };
    expect(formatRegisterWithUnit(signed, registerRaw(signed, { [signed.number]: 0xff83 }), ctxEn)).toBe('-12.5 °C');
    const float: RegisterDef = { ...reg('oil_temperature'), words: 2, encoding: 'float32', factor: 1, decimals: 2 };
    expect(formatRegisterValue(float, registerRaw(float, { [float.number]: 0x41c0, [float.number + 1]: 0 }), ctxEn)).toBe('24.00');
    const offset: RegisterDef = { ...reg('oil_temperature'), factor: 0.5, offset: -40, decimals: 1 };
    expect(formatRegisterValue(offset, 100, ctxEn)).toBe('10.0');
    expect(writeBounds({ ...signed, writable: true })).toEqual({ min: -3276.8, max: 3276.7, step: 0.1, precision: 1 });
  });

  it('uses the language’s decimal sign', () => {
    expect(formatRegisterValue(reg('discharge_pressure'), 72, { t: tEn, lang: 'es' })).toBe('0,72');
  });

  it('names enum values in the user’s language, and shows an unknown one as #raw', () => {
    expect(formatRegisterValue(reg('run_state'), 2, ctxEn)).toBe('Loaded');
    expect(formatRegisterValue(reg('run_state'), 2, ctxZh)).toBe('加载运行');
    expect(formatRegisterValue(reg('run_state'), 77, ctxEn)).toBe('#77');
  });

  it('lists the set bits of a bit field by name, or says none are set', () => {
    const faults = reg('fault_bits');
    expect(setBits(faults, 0b101).map((b) => b.bit)).toEqual([0, 2]);
    expect(formatRegisterValue(faults, 0b101, ctxEn)).toBe('Main motor overload, High discharge temperature');
    expect(formatRegisterValue(faults, 0, ctxEn)).toBe(en.devices.value.noBits);
    expect(formatRegisterValue(faults, 0, ctxZh)).toBe(zh.devices.value.noBits);
    expect(bitsSeverity(faults, 0b1)).toBe('fault');
    expect(bitsSeverity(reg('alert_bits'), 0b10)).toBe('alert');
    expect(bitsSeverity(reg('status_bits'), 0b1)).toBe('info');
    expect(bitsSeverity(faults, 0)).toBeNull();
  });

  it('shows times as durations', () => {
    expect(formatDuration(0, tEn)).toBe('0 s');
    expect(formatDuration(45, tEn)).toBe('45 s');
    expect(formatDuration(120, tEn)).toBe('2 min');
    expect(formatDuration(3725, tEn)).toBe('1 h 2 min 5 s');
    expect(formatDuration(90_000, tEn)).toBe('1 d 1 h');
    expect(formatDuration(65, tZh)).toBe('1分 5秒');
    expect(formatRegisterValue(reg('restart_delay'), 125, ctxEn)).toBe('2 min 5 s');
    expect(formatRegisterValue(reg('run_hours'), 12000, ctxEn)).toBe('12000 h');
  });

  it('shows a missing value as a dash', () => {
    expect(formatRegisterValue(reg('discharge_pressure'), undefined, ctxEn)).toBe('—');
    expect(formatRegisterWithUnit(reg('discharge_pressure'), null, ctxEn)).toBe('—');
  });

  it('names registers in the user’s language', () => {
    expect(registerName(reg('discharge_pressure'), 'ja')).toBe('吐出圧力');
  });
});

describe('register writes (engineering units)', () => {
  it('bounds a number to its range and step', () => {
    expect(writeBounds(reg('load_pressure'))).toEqual({ min: 0.3, max: 1.3, step: 0.01, precision: 2 });
    expect(writeProblem(reg('load_pressure'), 0.75)).toBeNull();
    expect(writeProblem(reg('load_pressure'), 1.5)).toBe('range');
    expect(writeProblem(reg('load_pressure'), 0.1)).toBe('range');
    expect(writeProblem(reg('load_pressure'), null)).toBe('required');
  });

  it('accepts only the options of an enum', () => {
    expect(writeProblem(reg('start_stop_command'), 1)).toBeNull();
    expect(writeProblem(reg('start_stop_command'), 9)).toBe('option');
  });
});

describe('what the user may read (permission template, data hidden from superiors)', () => {
  const pressure = reg('discharge_pressure').number;
  const load = reg('load_pressure').number;
  const own = { reach: { data: true }, template: { noRead: [] } };
  const templated = { reach: { data: true }, template: { noRead: [pressure, load] } };
  const hidden = { reach: { data: false }, template: { noRead: [load] } };

  it('says why a value is withheld, and null when it may be read', () => {
    expect(withheldWhy(own, pressure)).toBeNull();
    expect(withheldWhy(templated, pressure)).toBe('template');
    expect(withheldWhy(templated, reg('oil_temperature').number)).toBeNull();
    expect(withheldWhy(hidden, pressure)).toBe('hidden');
    expect(withheldWhy(hidden, load)).toBe('hidden');
  });

  it('offers only the registers the template lets the user read, in order; none of a hidden device', () => {
    const numbers = compressor.registers.map((r) => r.number);
    expect(readableRegisters(compressor.registers, own).map((r) => r.number)).toEqual(numbers);
    const readable = readableRegisters(compressor.registers, templated).map((r) => r.number);
    expect(readable).toEqual(numbers.filter((n) => n !== pressure && n !== load));
    expect(readableRegisters(compressor.registers, hidden)).toEqual([]);
    // The register list of a hidden device still names the registers the template grants.
    expect(permittedRegisters(compressor.registers, hidden.template).map((r) => r.number)).toEqual(numbers.filter((n) => n !== load));
  });
});
