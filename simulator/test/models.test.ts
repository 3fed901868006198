import { engineeringValue, rawRange, registerRaw, wordAddresses, type ControllerTypeDef } from '@dms/contract';
import { describe, expect, it } from 'vitest';
import { SimController } from '../src/controller.js';
import { SIMULATED_TYPES } from '../src/models/index.js';
import { Prng } from '../src/prng.js';

const T0 = Date.UTC(2025, 5, 2, 8, 0, 0);
const STEP_S = 10;

/** A controller run for `steps` report intervals; its snapshots, first one included. */
function run(code: string, seed: string, steps: number): { controller: SimController; snapshots: Array<Record<string, number>> } {
  const controller = new SimController(1, code, new Prng(seed), T0);
  const snapshots = [controller.snapshot()];
  for (let i = 1; i <= steps; i++) {
    controller.step(STEP_S, T0 + i * STEP_S * 1000);
    snapshots.push(controller.snapshot());
  }
  return { controller, snapshots };
}

/** Engineering value of `key` in a snapshot. */
function value(type: ControllerTypeDef, snapshot: Record<string, number>, key: string): number {
  const def = type.registers.find((r) => r.key === key);
  if (!def) throw new Error(`no ${key}`);
  const raw = registerRaw(def, snapshot);
  return raw === undefined ? Number.NaN : engineeringValue(def, raw);
}

/** Plausible engineering ranges of a machine in normal operation, by type and key. */
const PLAUSIBLE: Record<string, Record<string, [number, number]>> = {
  'screw-compressor': {
    discharge_pressure: [0.5, 1.0],
    discharge_temperature: [50, 105],
    oil_temperature: [40, 100],
    ambient_temperature: [0, 40],
    motor_current_l1: [5, 400],
    power: [3, 150],
    supply_voltage: [360, 420],
    frequency: [49.5, 50.5],
    motor_speed: [2900, 3000],
    load_ratio: [0, 100],
    motor_winding_temperature: [20, 130],
    // A 32-bit counter past what one word holds.
    energy_total: [70_000, 2_100_000],
  },
  'maglev-blower': {
    speed: [15_000, 40_000],
    // Signed: a levitated rotor sits a little towards the inlet.
    axial_displacement: [-18, -6],
    energy_total: [70_000, 2_100_000],
    flow: [10, 170],
    outlet_pressure: [30, 120],
    power: [5, 400],
    pressure_ratio: [1.2, 2.2],
    outlet_air_temperature: [20, 130],
    winding_temperature: [20, 150],
    front_bearing_temperature: [10, 90],
    dissolved_oxygen: [0.3, 6],
    output_frequency: [250, 667],
    dc_bus_voltage: [480, 560],
  },
  'generic-plc': {
    ai1: [0.5, 16],
    ai3: [10, 90],
    ai5: [5, 95],
    ai6: [1, 500],
    scan_time: [4, 15],
    pid1_output: [0, 100],
  },
};

describe.each(SIMULATED_TYPES)('%s model', (code) => {
  const { controller, snapshots } = run(code, 'models', 360);
  const type = controller.type;

  it('gives every register of the map its words, valid for its format', () => {
    const addresses = type.registers.flatMap(wordAddresses).map(String).sort();
    const problems: string[] = [];
    for (const snapshot of snapshots) {
      if (Object.keys(snapshot).sort().join() !== addresses.join()) problems.push('words differ from the map');
      if (Object.values(snapshot).some((w) => !(Number.isInteger(w) && w >= 0 && w <= 65_535))) problems.push('a word out of 0..65535');
      for (const def of type.registers) {
        const raw = registerRaw(def, snapshot) ?? Number.NaN;
        const v = engineeringValue(def, raw);
        const mask = (def.bits ?? []).reduce((m, b) => m | (1 << b.bit), 0);
        const { min, max } = rawRange(def);
        if (!(Number.isInteger(raw) && raw >= min && raw <= max)) problems.push(`${def.key} = ${raw}`);
        else if (def.format === 'enum' && !(String(raw) in (def.options ?? {}))) problems.push(`${def.key} option ${raw}`);
        else if (def.format === 'bits' && (raw & ~mask) !== 0) problems.push(`${def.key} bits ${raw}`);
        else if (def.writable && def.min !== undefined && def.max !== undefined && (v < def.min || v > def.max)) {
          problems.push(`${def.key} setting ${v}`);
        }
      }
    }
    expect([...new Set(problems)]).toEqual([]);
  });

  it('keeps its measurements within plausible ranges', () => {
    for (const [key, [min, max]] of Object.entries(PLAUSIBLE[code] ?? {})) {
      const values = snapshots.map((s) => value(type, s, key));
      expect(Math.min(...values), `${key} min`).toBeGreaterThanOrEqual(min);
      expect(Math.max(...values), `${key} max`).toBeLessThanOrEqual(max);
    }
  });

  it('repeats itself for the same seed and clock, and not for another seed', () => {
    expect(run(code, 'models', 30).snapshots).toEqual(snapshots.slice(0, 31));
    expect(run(code, 'other', 30).snapshots).not.toEqual(snapshots.slice(0, 31));
  });

  it('sets fault bits of the map, with their severity, and clears them when the time is up', () => {
    const c = new SimController(1, code, new Prng('fault'), T0);
    const incident = c.raise('fault', new Prng('pick'), T0 + 30_000);
    expect(incident).not.toBeNull();
    const def = type.registers.find((r) => r.number === incident?.register);
    expect(def?.bits?.find((b) => b.bit === incident?.bit)?.severity).toBe('fault');
    c.step(STEP_S, T0 + 10_000);
    expect((c.snapshot()[String(incident?.register)] ?? 0) & (1 << (incident?.bit ?? 0))).not.toBe(0);
    c.step(STEP_S, T0 + 40_000);
    expect((c.snapshot()[String(incident?.register)] ?? 0) & (1 << (incident?.bit ?? 0))).toBe(0);
  });
});

describe('screw compressor behaviour', () => {
  const type = (c: SimController): ControllerTypeDef => c.type;
  const read = (c: SimController, key: string): number => value(type(c), c.snapshot(), key);
  const stepFor = (c: SimController, from: number, seconds: number): number => {
    let t = from;
    for (let s = 0; s < seconds; s += STEP_S) c.step(STEP_S, (t += STEP_S * 1000));
    return t;
  };

  it('cycles between load and unload with the pressure between the two settings', () => {
    const { controller, snapshots } = run('screw-compressor', 'cycle', 360);
    const states = new Set(snapshots.map((s) => value(controller.type, s, 'run_state')));
    expect(states).toContain(2);
    expect(states).toContain(3);
    const runHours = snapshots.map((s) => value(controller.type, s, 'run_hours'));
    expect(runHours.at(-1)).toBeGreaterThan(runHours[0] ?? Infinity);
  });

  it('stops on a fault and starts again after the restart delay once it clears', () => {
    const c = new SimController(1, 'screw-compressor', new Prng('trip'), T0);
    let t = stepFor(c, T0, 60);
    const incident = c.raise('fault', new Prng('pick'), t + 60_000);
    t = stepFor(c, t, 10);
    expect([5, 6]).toContain(read(c, 'run_state'));
    expect(read(c, 'motor_current_l1')).toBe(0);
    expect(read(c, 'last_fault_code')).toBe((incident?.bit ?? 0) + 1);
    t = stepFor(c, t, 60);
    expect(read(c, 'run_state')).toBe(9); // waiting to restart
    stepFor(c, t, 60);
    expect([1, 2, 3]).toContain(read(c, 'run_state'));
  });

  it('obeys start/stop commands and clears the command word', () => {
    const c = new SimController(1, 'screw-compressor', new Prng('cmd'), T0);
    expect(c.write(40040, [2], T0)).toBeNull();
    let t = stepFor(c, T0, 10);
    expect(read(c, 'run_state')).toBe(7);
    expect(read(c, 'start_stop_command')).toBe(0);
    expect(c.write(40040, [1], T0)).toBeNull();
    t = stepFor(c, t, 10);
    expect(read(c, 'start_count')).toBeGreaterThan(0);
    stepFor(c, t, 30);
    expect([2, 3]).toContain(read(c, 'run_state'));
  });

  it('raises a maintenance alert when a counter runs out and clears it on reset', () => {
    const c = new SimController(1, 'screw-compressor', new Prng('service'), T0);
    expect(c.write(40019, [0], T0)).toBeNull(); // oil filter hours left
    const t = stepFor(c, T0, 10);
    expect(read(c, 'alert_bits') & 0b10).toBe(0b10);
    expect(c.write(40024, [1], T0)).toBeNull(); // reset oil filter
    stepFor(c, t, 10);
    expect(read(c, 'alert_bits') & 0b10).toBe(0);
    expect(read(c, 'oil_filter_hours_left')).toBe(2000);
  });
});
