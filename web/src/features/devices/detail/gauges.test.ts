import { BUILTIN_TYPES } from '@dms/seed';
import { describe, expect, it } from 'vitest';
import { gaugeReadings, niceMax } from '@/features/devices/detail/gauges';

describe('the gauges of a page', () => {
  const maglev = BUILTIN_TYPES.find((t) => t.code === 'maglev-blower');
  if (!maglev) throw new Error('no maglev type');
  const type = { ...maglev, id: 2, builtin: true, registerCount: maglev.registers.length };
  /** The number of the blower's register `key`. */
  const reg = (key: string): number => {
    const register = maglev.registers.find((r) => r.key === key);
    if (!register) throw new Error(`no maglev register ${key}`);
    return register.number;
  };

  const GAUGES = ['speed', 'power', 'flow', 'outlet_pressure'].map((key) => reg(key));
  /** Reads everything: a device of the user's own. */
  const all = { reach: { data: true }, template: { noRead: [] } };

  it('reads speed, power, flow and outlet pressure scaled, with full scales from the setpoint limits', () => {
    const readings = gaugeReadings(
      type,
      GAUGES,
      { [reg('speed')]: 28000, [reg('power')]: 1234, [reg('flow')]: 856, [reg('outlet_pressure')]: 655 },
      'en',
      all,
    );
    expect(readings.map((r) => [r.key, r.value, r.max, r.unit, r.withheld])).toEqual([
      ['speed', 28000, 40000, 'rpm', null],
      ['power', 123.4, 300, 'kW', null],
      ['flow', 85.6, 300, 'm³/min', null],
      ['outlet_pressure', 65.5, 120, 'kPa', null],
    ]);
  });

  it('shows the gauges the page names, in its order, and leaves out a number the map lacks', () => {
    expect(gaugeReadings(type, [reg('flow'), 65_000, reg('speed')], {}, 'en', all).map((r) => r.key)).toEqual(['flow', 'speed']);
  });

  it('shows no value as null and rounds full scales up', () => {
    expect(gaugeReadings(type, GAUGES, {}, 'en', all)[0]).toMatchObject({ value: null, withheld: null });
    expect(niceMax(0)).toBe(100);
    expect(niceMax(130)).toBe(200);
    expect(niceMax(4100)).toBe(5000);
  });

  it('withholds the registers the template does not let the user read: no value, never 0, and why', () => {
    // A helper whose template reads none of power, flow and pressure (the server then sends no value for them).
    const helper = { reach: { data: true }, template: { noRead: [reg('power'), reg('flow'), reg('outlet_pressure')] } };
    const readings = gaugeReadings(type, GAUGES, { [reg('speed')]: 28000 }, 'en', helper);
    expect(readings.map((r) => [r.key, r.value, r.withheld])).toEqual([
      ['speed', 28000, null],
      ['power', null, 'template'],
      ['flow', null, 'template'],
      ['outlet_pressure', null, 'template'],
    ]);
    // A value that came anyway is not shown.
    expect(gaugeReadings(type, GAUGES, { [reg('power')]: 1234 }, 'en', helper)[1]).toMatchObject({ value: null, withheld: 'template' });
  });

  it('withholds every gauge of a device whose data is hidden from superiors', () => {
    const manager = { reach: { data: false }, template: { noRead: [] } };
    const readings = gaugeReadings(type, GAUGES, {}, 'en', manager);
    expect(readings.map((r) => [r.key, r.value, r.withheld])).toEqual([
      ['speed', null, 'hidden'],
      ['power', null, 'hidden'],
      ['flow', null, 'hidden'],
      ['outlet_pressure', null, 'hidden'],
    ]);
  });
});
