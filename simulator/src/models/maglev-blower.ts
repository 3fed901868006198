import type { Prng } from '../prng.js';
import type { RegisterBank } from '../registers.js';
import { clamp, daily, dayShift, lag, Totals, type Conditions, type MachineModel, type WriteEffect } from './model.js';

/**
 * A magnetic-levitation turbo blower feeding an aeration basin. The speed sets the flow; the basin's depth and the
 * pipework set the outlet pressure (static head plus friction growing with the square of the flow); the power is
 * flow × pressure over the efficiency. The controller adjusts the speed to hold its control mode's setpoint
 * (pressure, flow, speed, dissolved oxygen or power) within the minimum and maximum speed, ramping by the
 * acceleration and deceleration times. The rotor levitates before it turns and lands when it stops.
 */

type Phase = 'stopped' | 'levitating' | 'accelerating' | 'running' | 'decelerating' | 'fault' | 'restart-wait';

const RUN_STATE: Record<Phase, number> = {
  stopped: 0,
  levitating: 1,
  accelerating: 2,
  running: 3,
  decelerating: 4,
  'restart-wait': 5,
  fault: 6,
};
const EMERGENCY_STOP_STATE = 7;
const SURGE_PROTECTION_STATE = 8;
/** fault_bits bit 8: emergency stop. */
const EMERGENCY_STOP_BIT = 8;
const ALERT_NEAR_SURGE_BIT = 0;
const ALERT_WINDING_BIT = 1;
const LEVITATION_SECONDS = 3;
/** Speed fraction below which the blower moves no air against the basin. */
const ZERO_FLOW_SPEED = 0.35;
const EFFICIENCY = 0.72;
/** Flow (fraction of rated) at which the blower surges against its rated head. */
const SURGE_FLOW = 0.45;
/** Oxygen saturation (mg/L) and the transfer coefficient at full flow (per 10 minutes). */
const DO_SATURATION = 9;
const OXYGEN_TRANSFER = 0.48;
const SQRT3 = Math.sqrt(3);

export function maglevBlower(bank: RegisterBank, rng: Prng, now: number): MachineModel {
  const ratedSpeed = rng.pick([30_000, 36_000, 40_000]);
  const ratedFlow = rng.range(60, 150); // m³/min at rated speed
  const staticHead = rng.range(40, 55); // kPa
  const ratedHead = staticHead + rng.range(25, 35);
  const voltage = rng.pick([380, 400]);
  const siteTemperature = rng.range(10, 25);
  const mode = rng.pick([0, 0, 2, 3]);

  let resistance = rng.range(0.9, 1.1);
  let speed = 0.85 * ratedSpeed;
  let target = speed;
  const flowAt = (n: number): number => ratedFlow * clamp((n / ratedSpeed - ZERO_FLOW_SPEED) / (1 - ZERO_FLOW_SPEED), 0, 1.1);
  const pressureAt = (q: number): number => (q > 0 ? staticHead + (ratedHead - staticHead) * (q / ratedFlow) ** 2 * resistance : 0);
  const powerAt = (q: number, p: number): number => (q > 0 ? ((q / 60) * p) / EFFICIENCY + 2 : 0);
  const steadyFlow = flowAt(speed);
  const steadyPressure = pressureAt(steadyFlow);

  const settings: Record<string, number> = {
    start_stop_command: 0,
    control_mode: mode,
    local_remote: 1,
    speed_setpoint: Math.round(speed / 100) * 100,
    pressure_setpoint: steadyPressure,
    flow_setpoint: steadyFlow,
    do_setpoint: 2,
    power_setpoint: powerAt(steadyFlow, steadyPressure),
    min_speed: 15_000,
    max_speed: ratedSpeed,
    acceleration_time: 60,
    deceleration_time: 60,
    min_surge_margin: 10,
    outlet_temperature_alarm: 110,
    winding_temperature_alarm: 140,
    restart_delay: 60,
  };
  for (const [key, value] of Object.entries(settings)) bank.set(key, value);
  const ratedPower = powerAt(ratedFlow, ratedHead);

  const runHours = rng.range(200, 25_000);
  const totals = new Totals({
    run_hours: runHours,
    energy: rng.range(0, 60_000),
    // The 32-bit total has run past what one word holds (65,535).
    energy_total: rng.range(70_000, 2_000_000),
    start_count: Math.floor(runHours / rng.range(20, 200)),
  });

  let phase: Phase = 'running';
  let timer = 0;
  let stopCommanded = false;
  let ambient = daily(now, siteTemperature, 6);
  let outlet = ambient + 60;
  let winding = ambient + 55;
  let bearing = ambient + 25;
  let inverter = ambient + 15;
  let dissolvedOxygen = 2;
  let uptake = 2.5; // oxygen the basin consumes, mg/L per 10 minutes
  let filterClog = rng.range(0.3, 1.2);

  const levitated = (): boolean => phase !== 'stopped' && phase !== 'fault' && phase !== 'restart-wait';
  const start = (): void => {
    phase = 'levitating';
    timer = LEVITATION_SECONDS;
    totals.add('start_count', 1);
  };
  const flow = (): number => (levitated() ? flowAt(speed) : 0);
  const surgeMargin = (q: number, p: number): number =>
    q > 0 ? clamp(100 * (1 - (SURGE_FLOW * ratedFlow * Math.sqrt(p / ratedHead)) / q), 0, 100) : 0;

  /** The speed the control mode asks for, moved by an integral step towards the setpoint. */
  function control(dt: number, q: number, p: number): void {
    const minSpeed = Math.min(bank.get('min_speed'), bank.get('max_speed'));
    const maxSpeed = bank.get('max_speed');
    const errors: Record<number, () => number> = {
      0: () => (bank.get('pressure_setpoint') - p) / Math.max(bank.get('pressure_setpoint'), 1),
      1: () => (bank.get('flow_setpoint') - q) / Math.max(bank.get('flow_setpoint'), 1),
      3: () => (bank.get('do_setpoint') - dissolvedOxygen) / Math.max(bank.get('do_setpoint'), 0.1),
      4: () => (bank.get('power_setpoint') - powerAt(q, p)) / Math.max(bank.get('power_setpoint'), 1),
    };
    const error = errors[bank.raw('control_mode')];
    const wanted = error ? target + error() * ratedSpeed * 0.05 * dt : bank.get('speed_setpoint');
    // Anti-surge: close to the surge line the controller does not slow down any further.
    const nearSurge = surgeMargin(q, p) < bank.get('min_surge_margin') + 5;
    target = clamp(nearSurge ? Math.max(wanted, speed) : wanted, minSpeed, maxSpeed);
  }

  function advance(dt: number, at: number, { fault }: Conditions): void {
    if (fault && phase !== 'fault') phase = 'fault';
    else if (!fault && phase === 'fault') [phase, timer] = [stopCommanded ? 'stopped' : 'restart-wait', bank.get('restart_delay')];

    const q = flow();
    const p = pressureAt(q);
    const up = bank.get('max_speed') / Math.max(bank.get('acceleration_time'), 1);
    const down = bank.get('max_speed') / Math.max(bank.get('deceleration_time'), 1);
    switch (phase) {
      case 'restart-wait':
      case 'levitating':
        timer -= dt;
        if (timer > 0) break;
        if (phase === 'levitating') phase = 'accelerating';
        else start();
        break;
      case 'accelerating':
        control(dt, q, p);
        speed = Math.min(target, speed + up * dt);
        if (speed >= target) phase = 'running';
        break;
      case 'running':
        control(dt, q, p);
        speed = speed < target ? Math.min(target, speed + up * dt) : Math.max(target, speed - down * dt);
        break;
      case 'decelerating':
        speed = Math.max(0, speed - down * dt);
        if (speed === 0) phase = 'stopped';
        break;
      case 'fault':
        speed = Math.max(0, speed - 4 * down * dt); // coasting down on the touchdown bearings
        break;
      default:
        speed = 0;
    }

    // The plant: pipework resistance and oxygen uptake wander; the basin's oxygen follows the air it gets.
    resistance = clamp(resistance + rng.noise(0.002) * Math.sqrt(dt), 0.85, 1.15);
    uptake = clamp(lag(uptake, dayShift(at) ? 3 : 2, dt, 3600) + rng.noise(0.01) * Math.sqrt(dt), 1, 4.5);
    const transfer = OXYGEN_TRANSFER * (flow() / ratedFlow) * (DO_SATURATION - dissolvedOxygen);
    dissolvedOxygen = clamp(dissolvedOxygen + ((transfer - uptake) * dt) / 600, 0, DO_SATURATION);

    // Heat.
    const qNow = flow();
    const pNow = pressureAt(qNow);
    const load = powerAt(qNow, pNow) / ratedPower;
    ambient = lag(ambient, daily(at, siteTemperature, 6), dt, 600);
    outlet = lag(outlet, qNow > 0 ? compressedTemperature(ambient, pNow) : ambient, dt, 60);
    winding = lag(winding, levitated() ? ambient + 30 + 50 * load : ambient, dt, 900);
    bearing = lag(bearing, levitated() ? ambient + 12 + 18 * (speed / ratedSpeed) ** 2 : ambient, dt, 600);
    inverter = lag(inverter, levitated() ? ambient + 8 + 20 * load : ambient, dt, 300);
    filterClog += dt / 3600 / 10_000;

    const kw = powerAt(qNow, pNow);
    totals.add('energy', (kw * dt) / 3600);
    totals.add('energy_total', (kw * dt) / 3600);
    if (levitated()) totals.add('run_hours', dt / 3600);
  }

  function read(_at: number, { fault }: Conditions): void {
    const q = flow();
    const p = pressureAt(q);
    const margin = surgeMargin(q, p);
    const surging = phase === 'running' && margin < bank.get('min_surge_margin');
    const state = fault?.bit === EMERGENCY_STOP_BIT ? EMERGENCY_STOP_STATE : surging ? SURGE_PROTECTION_STATE : RUN_STATE[phase];
    bank.set('run_state', state);
    bank.set('speed', speed > 0 ? speed + rng.noise(15) : 0);
    const kw = powerAt(q, p);
    bank.set('power', kw > 0 ? kw * (1 + rng.noise(0.01)) : 0);
    bank.set('flow', q > 0 ? q * (1 + rng.noise(0.01)) : 0);
    bank.set('outlet_pressure', p > 0 ? p + rng.noise(0.3) : 0);
    const inlet = 101.3 - 0.1 * filterClog * (q / ratedFlow) ** 2 + rng.noise(0.05);
    bank.set('inlet_pressure', inlet);
    bank.set('pressure_ratio', (inlet + p) / inlet);
    bank.set('inlet_air_temperature', ambient + rng.noise(0.2));
    bank.set('outlet_air_temperature', outlet + rng.noise(0.3));
    bank.set('winding_temperature', winding + rng.noise(0.3));
    bank.set('front_bearing_temperature', bearing + 1.5 + rng.noise(0.2));
    bank.set('rear_bearing_temperature', bearing + rng.noise(0.2));
    bank.set('thrust_bearing_temperature', bearing + 3 + rng.noise(0.2));
    const floating = levitated();
    // Signed: a levitated rotor sits a little towards the inlet (negative), a landed one on its touchdown bearing.
    bank.set('axial_displacement', floating ? -12 + rng.noise(6) : 120);
    for (const key of ['front_radial_x', 'front_radial_y', 'rear_radial_x', 'rear_radial_y']) {
      bank.set(key, floating ? 8 + rng.noise(2) : 95);
    }
    const volts = voltage * (1 + rng.noise(0.015));
    bank.set('input_voltage', volts);
    bank.set('dc_bus_voltage', volts * 1.35);
    bank.set('inverter_temperature', inverter + rng.noise(0.3));
    bank.set('output_current', (kw * 1000) / (SQRT3 * volts * 0.95));
    bank.set('output_frequency', speed / 60);
    bank.set('surge_margin', margin);
    const blowOff =
      phase === 'accelerating' || phase === 'decelerating' ? 100 : surging ? clamp((bank.get('min_surge_margin') - margin) * 5, 0, 100) : 0;
    bank.set('blow_off_valve_opening', blowOff);
    bank.set('cabinet_temperature', (inverter + ambient) / 2 + rng.noise(0.2));
    bank.set('dissolved_oxygen', dissolvedOxygen + rng.noise(0.03));
    bank.set('filter_differential_pressure', q > 0 ? 0.2 + filterClog * (q / ratedFlow) ** 2 + rng.noise(0.02) : 0);
    totals.writeTo(bank);

    const status: readonly boolean[] = [
      !fault,
      floating,
      phase === 'running',
      bank.raw('local_remote') === 1,
      blowOff > 0,
      inverter > 40,
      surging,
    ];
    status.forEach((on, bit) => {
      bank.setBit('status_bits', bit, on);
    });
    bank.setBit('alert_bits', ALERT_NEAR_SURGE_BIT, surging);
    bank.setBit('alert_bits', ALERT_WINDING_BIT, winding >= bank.get('winding_temperature_alarm') - 10);
    bank.set('start_stop_command', 0); // a pulse: acted on, then back to "No action"
  }

  function written(key: string, raw: number): WriteEffect {
    if (key !== 'start_stop_command') return undefined;
    stopCommanded = raw === 2 || (stopCommanded && raw !== 1);
    if (raw === 1 && phase === 'stopped') start();
    if (raw === 2 && levitated()) phase = 'decelerating';
    return raw === 3 ? 'reset-incidents' : undefined;
  }

  return { advance, read, written };
}

/** Outlet air temperature after compressing air at `inlet` °C by `gauge` kPa (adiabatic, 78 % efficient). */
function compressedTemperature(inlet: number, gauge: number): number {
  const kelvin = inlet + 273.15;
  const ratio = (101.3 + gauge) / 101.3;
  return inlet + (kelvin * (ratio ** 0.2857 - 1)) / 0.78;
}
