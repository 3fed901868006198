import { chanceWithin, type Prng } from '../prng.js';
import type { RegisterBank } from '../registers.js';
import { clamp, daily, lag, Totals, type Conditions, type MachineModel, type WriteEffect } from './model.js';

/**
 * A PLC running a small pumping and heating station: three PID loops (supply pressure, supply temperature, flow)
 * hold their setpoints while the station runs in automatic mode, field contacts on the digital inputs open and
 * close, the outputs follow the program (run, alarm and fault lamps, relays mirroring inputs), the tank level and
 * the analog inputs drift, counters and cyclic timers count, the heartbeat ticks every second.
 */

const MODE_AUTOMATIC = 1;
const MODE_MAINTENANCE = 2;

/** One PID loop: its register keys, what it ships with, where its process rests when off, and its state. */
interface Loop {
  keys: { setpoint: string; gain: string; integral: string; processValue: string; output: string };
  setpoint: number;
  gain: number;
  integral: number;
  /** Where the process value settles with the loop off (null: the ambient temperature). */
  rest: number | null;
  /** Span of the process value, for scaling the output. */
  span: number;
  processValue: number;
  output: number;
}

/** One cyclic timer: its register keys and the seconds elapsed. */
interface Timer {
  keys: { elapsed: string; preset: string };
  preset: number;
  elapsed: number;
}

type LoopSpec = Pick<Loop, 'setpoint' | 'gain' | 'integral' | 'rest' | 'span'>;

function loop(n: number, spec: LoopSpec, output: number): Loop {
  const keys = {
    setpoint: `pid${n}_setpoint`,
    gain: `pid${n}_gain`,
    integral: `pid${n}_integral_time`,
    processValue: `pid${n}_process_value`,
    output: `pid${n}_output`,
  };
  return { keys, ...spec, processValue: spec.setpoint, output };
}

export function genericPlc(bank: RegisterBank, rng: Prng, now: number): MachineModel {
  const siteTemperature = rng.range(12, 24);
  const pressure = loop(1, { setpoint: rng.pick([3.5, 4, 4.5]), gain: 1.5, integral: 30, rest: 0.3, span: 16 }, rng.range(30, 70));
  const temperature = loop(2, { setpoint: rng.pick([40, 45, 55]), gain: 2, integral: 120, rest: null, span: 120 }, rng.range(30, 70));
  const flow = loop(3, { setpoint: rng.pick([80, 120, 160]), gain: 0.8, integral: 20, rest: 0, span: 500 }, rng.range(30, 70));
  const loops = [pressure, temperature, flow];
  const timers: Timer[] = [300, 600, 60, 1800].map((preset, i) => ({
    keys: { elapsed: `timer${i + 1}_elapsed`, preset: `timer${i + 1}_preset` },
    preset,
    elapsed: rng.range(0, 60),
  }));

  const settings: Record<string, number> = { ao1: 50, ao2: 20, ao3: 40, ao4: 0, mode: MODE_AUTOMATIC, command: 0 };
  for (const l of loops) Object.assign(settings, { [l.keys.setpoint]: l.setpoint, [l.keys.gain]: l.gain, [l.keys.integral]: l.integral });
  for (const t of timers) settings[t.keys.preset] = t.preset;
  for (const [key, value] of Object.entries(settings)) bank.set(key, value);

  const motorRated = rng.range(15, 60);
  const itemRate = rng.range(0.5, 2);
  const totals = new Totals({
    running_hours: rng.range(100, 40_000),
    heartbeat: rng.int(0, 65_535),
    counter1: rng.int(0, 60_000),
    counter2: rng.int(0, 5000),
    counter3: rng.int(0, 1000),
    counter4: rng.int(10, 500),
  });
  // 32 field contacts: the first eight change every few minutes, the rest rarely.
  const inputs = Array.from({ length: 32 }, () => rng.chance(0.4));
  const changesPerHour = inputs.map((_, i) => (i < 8 ? rng.range(6, 30) : rng.range(0.05, 0.5)));
  const spareOutputs = Array.from({ length: 16 }, () => rng.chance(0.3));
  /** Chance of each input to change within one step, for the step length last used. */
  let toggle = { dt: 0, chances: [] as number[] };

  let stopCommanded = false;
  let running = true;
  let valve = pressure.output;
  let level = rng.range(40, 70);
  let ambient = daily(now, siteTemperature, 5);
  let disturbance = 0;

  function advance(dt: number, at: number, { fault }: Conditions): void {
    running = !fault && !stopCommanded && bank.raw('mode') !== MODE_MAINTENANCE;
    const automatic = running && bank.raw('mode') === MODE_AUTOMATIC;
    ambient = lag(ambient, daily(at, siteTemperature, 5), dt, 600);
    // The process wanders around the setpoint; the loops' integral action keeps pulling it back.
    disturbance = clamp(lag(disturbance, 0, dt, 300) + rng.noise(0.01) * Math.sqrt(dt), -0.08, 0.08);
    for (const l of loops) {
      const setpoint = bank.get(l.keys.setpoint);
      if (automatic) {
        const gain = Math.max(bank.get(l.keys.gain), 0.05);
        const tau = Math.max(bank.get(l.keys.integral), 5) / gain;
        // Output: a feed-forward share of the setpoint plus the proportional correction.
        const demand = (150 * setpoint) / l.span + (100 * gain * (setpoint - l.processValue)) / l.span;
        l.processValue = lag(l.processValue, setpoint * (1 + disturbance), dt, tau);
        l.output = clamp(lag(l.output, demand, dt, 10), 0, 100);
      } else if (!running) {
        l.processValue = lag(l.processValue, l.rest ?? ambient, dt, 120);
        l.output = 0;
      }
    }
    valve = lag(valve, pressure.output, dt, 8);
    const pumping = running ? flow.processValue / Math.max(flow.setpoint, 1) : 0;
    level = clamp(lag(level, 55, dt, 3600) + rng.noise(0.05) * Math.sqrt(dt) - 0.0005 * pumping * dt + 0.0004 * dt, 5, 95);

    if (toggle.dt !== dt) toggle = { dt, chances: changesPerHour.map((rate) => chanceWithin(rate, dt)) };
    inputs.forEach((on, i) => {
      if (rng.chance(toggle.chances[i] ?? 0)) inputs[i] = !on;
    });
    totals.add('heartbeat', dt);
    if (!running) return;
    totals.add('running_hours', dt / 3600);
    totals.add('counter1', itemRate * dt);
    totals.add('counter2', (itemRate / 40) * dt);
    for (const t of timers) {
      const preset = bank.get(t.keys.preset);
      const next = t.elapsed + dt;
      t.elapsed = preset > 0 ? next % preset : 0;
      if (t === timers[0] && preset > 0 && next >= preset) totals.add('counter3', 1); // a batch done
    }
  }

  function read(_at: number, { fault, alert }: Conditions): void {
    writeWords(bank, ['digital_inputs_1', 'digital_inputs_2'], inputs);
    const programOutputs = [running, alert, fault !== undefined, ...inputs.slice(3, 16)];
    writeWords(bank, ['digital_outputs_1', 'digital_outputs_2'], [...programOutputs, ...spareOutputs]);
    const flowFraction = flow.processValue / Math.max(flow.setpoint, 1);
    const bar = pressure.processValue;
    bank.set('ai1', bar + rng.noise(0.02));
    bank.set('ai2', Math.max(0, bar - rng.range(0.8, 1.2) * flowFraction * (bar / 4)));
    bank.set('ai3', temperature.processValue + rng.noise(0.2));
    bank.set('ai4', temperature.processValue - 6 * flowFraction + rng.noise(0.2));
    bank.set('ai5', level);
    bank.set('ai6', flow.processValue > 0.5 ? flow.processValue + rng.noise(0.5) : 0);
    bank.set('ai7', valve);
    bank.set('ai8', running ? motorRated * (bank.get('ao3') / 50) ** 2 * (1 + rng.noise(0.01)) : 0);
    for (const l of loops) {
      bank.set(l.keys.processValue, l.processValue);
      bank.set(l.keys.output, l.output);
    }
    totals.writeTo(bank);
    for (const t of timers) bank.set(t.keys.elapsed, Math.floor(t.elapsed));
    bank.set('scan_time', rng.range(4, 9) + (running ? 3 : 0));
    bank.set('command', 0); // a pulse: acted on, then back to "No action"
  }

  function written(key: string, raw: number): WriteEffect {
    if (key !== 'command') return undefined;
    stopCommanded = raw === 2 || (stopCommanded && raw !== 1);
    if (raw === 1) totals.add('counter4', 1);
    return raw === 3 ? 'reset-incidents' : undefined;
  }

  return { advance, read, written };
}

/** Writes a list of booleans into consecutive 16-bit `bits` registers, bit 0 first. */
function writeWords(bank: RegisterBank, keys: readonly string[], bits: readonly boolean[]): void {
  keys.forEach((key, word) => {
    for (let bit = 0; bit < 16; bit++) bank.setBit(key, bit, bits[word * 16 + bit] ?? false);
  });
}
