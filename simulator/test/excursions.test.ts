import { describe, expect, it } from 'vitest';
import { SimController } from '../src/controller.js';
import { EXCURSIONS } from '../src/excursions.js';
import { Prng } from '../src/prng.js';

const T0 = Date.UTC(2025, 5, 2, 8, 0, 0);
const STEP_S = 10;

/** Engineering value of `key` in the controller's last snapshot. */
function read(c: SimController, key: string): number {
  const def = c.type.registers.find((r) => r.key === key);
  if (!def) throw new Error(`no ${key}`);
  return (c.snapshot()[String(def.number)] ?? Number.NaN) / 10 ** def.decimals;
}

function limitOf(c: SimController, limit: string | number): number {
  return typeof limit === 'number' ? limit : read(c, limit);
}

/** Steps the controller on by `seconds`; returns the new clock and the values of `key` at each report. */
function stepFor(c: SimController, from: number, seconds: number, key: string): { t: number; values: number[] } {
  let t = from;
  const values: number[] = [];
  for (let s = 0; s < seconds; s += STEP_S) {
    c.step(STEP_S, (t += STEP_S * 1000));
    values.push(read(c, key));
  }
  return { t, values };
}

describe('a fault about a value drives that value past its limit', () => {
  it('"High outlet temperature" of a maglev blower comes with an outlet temperature above its alarm value', () => {
    const c = new SimController(1, 'maglev-blower', new Prng('hot'), T0);
    let { t, values } = stepFor(c, T0, 120, 'outlet_air_temperature');
    const limit = read(c, 'outlet_temperature_alarm');
    // Normally well below.
    expect(Math.max(...values)).toBeLessThan(limit);
    const bits = c.type.registers.find((r) => r.key === 'fault_bits');
    expect(bits?.bits?.[12]?.name.en).toBe('High outlet temperature');
    expect(c.incidents.raiseBit('fault', 'fault_bits', 12, t + 300_000)).not.toBeNull();
    ({ t, values } = stepFor(c, t, 290, 'outlet_air_temperature'));
    // From the first report with the fault on, and for as long as it lasts.
    for (const v of values) expect(v).toBeGreaterThan(limit);
    // Once it clears, the temperature comes down again, smoothly (no step down to the model's value at once).
    ({ values } = stepFor(c, t, 1800, 'outlet_air_temperature'));
    expect(values[0]).toBeGreaterThan(limit - 10);
    expect(values.at(-1)).toBeLessThan(limit);
  });

  it('"High discharge temperature" of a screw compressor comes with a discharge temperature above its trip value', () => {
    const c = new SimController(1, 'screw-compressor', new Prng('hot'), T0);
    const { t, values: before } = stepFor(c, T0, 60, 'discharge_temperature');
    const trip = read(c, 'discharge_temperature_trip');
    expect(Math.max(...before)).toBeLessThan(trip);
    expect(c.incidents.raiseBit('fault', 'fault_bits', 2, t + 120_000)).not.toBeNull();
    const { values } = stepFor(c, t, 110, 'discharge_temperature');
    for (const v of values) expect(v).toBeGreaterThan(trip);
    // The machine is stopped by the fault, as before.
    expect(read(c, 'run_state')).toBe(5);
  });

  it('covers every fault it names with a value and a limit of the map', () => {
    for (const [code, table] of Object.entries(EXCURSIONS)) {
      const c = new SimController(1, code, new Prng('map'), T0);
      for (const [bit, excursion] of Object.entries(table)) {
        const bits = c.type.registers.find((r) => r.key === 'fault_bits')?.bits ?? [];
        expect(bits.find((b) => b.bit === Number(bit))?.severity, `${code} bit ${bit}`).toBe('fault');
        expect(c.type.registers.some((r) => r.key === excursion.key)).toBe(true);
        // The limit is below what the register can show, so the excursion is visible.
        const def = c.type.registers.find((r) => r.key === excursion.key);
        expect(limitOf(c, excursion.limit) + excursion.margin).toBeLessThan(65_535 / 10 ** (def?.decimals ?? 0));
      }
    }
  });
});
