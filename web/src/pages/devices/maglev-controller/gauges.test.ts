import { BUILTIN_TYPES } from '@dms/contract/builtin-types';
import { describe, expect, it } from 'vitest';
import { gaugeReadings, niceMax } from './gauges';

describe('maglev gauges', () => {
  const maglev = BUILTIN_TYPES.find((t) => t.code === 'maglev-blower');
  if (!maglev) throw new Error('no maglev type');
  const type = { ...maglev, id: 2, builtin: true, registerCount: maglev.registers.length };
  /** The number of the blower's register `key`. */
  const reg = (key: string): number => {
    const register = maglev.registers.find((r) => r.key === key);
    if (!register) throw new Error(`no maglev register ${key}`);
    return register.number;
  };

  it('reads speed, power, flow and outlet pressure scaled, with full scales from the setpoint limits', () => {
    const readings = gaugeReadings(
      type,
      { [reg('speed')]: 28000, [reg('power')]: 1234, [reg('flow')]: 856, [reg('outlet_pressure')]: 655 },
      'en',
    );
    expect(readings.map((r) => [r.key, r.value, r.max, r.unit])).toEqual([
      ['speed', 28000, 40000, 'rpm'],
      ['power', 123.4, 300, 'kW'],
      ['flow', 85.6, 300, 'm³/min'],
      ['outlet_pressure', 65.5, 120, 'kPa'],
    ]);
  });

  it('shows no value as null and rounds full scales up', () => {
    expect(gaugeReadings(type, {}, 'en')[0]?.value).toBeNull();
    expect(niceMax(0)).toBe(100);
    expect(niceMax(130)).toBe(200);
    expect(niceMax(4100)).toBe(5000);
  });
});
