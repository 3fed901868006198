import type { Prng } from '../prng.js';
import type { RegisterBank } from '../registers.js';
import { clamp, daily, dayShift, lag, Totals, type Conditions, type MachineModel, type WriteEffect } from './model.js';

/**
 * A fixed-speed oil-injected screw compressor with load/unload control. Air demand wanders (higher in the day
 * shift); while loaded the compressor delivers its full capacity and the pressure climbs to the unload pressure,
 * unloaded it delivers nothing and the pressure falls to the load pressure; unloaded for longer than the stop
 * delay it idles until the pressure asks for air again. Temperatures follow the load with lag, currents and power
 * follow the state, hours, energy and starts accumulate, maintenance counters run down.
 */

type Phase = 'stopped' | 'remote-stop' | 'starting' | 'loaded' | 'unloaded' | 'idle' | 'fault' | 'restart-wait';

/** run_state option for each phase (see the map). */
const RUN_STATE: Record<Phase, number> = {
  stopped: 0,
  starting: 1,
  loaded: 2,
  unloaded: 3,
  idle: 4,
  fault: 5,
  'remote-stop': 7,
  'restart-wait': 9,
};
const EMERGENCY_STOP_STATE = 6;
/** Discharge temperature above ambient (°C) the compression heat brings in each phase. */
const HEAT: Record<Phase, number> = {
  loaded: 65,
  unloaded: 52,
  starting: 40,
  idle: 8,
  stopped: 8,
  'remote-stop': 8,
  fault: 8,
  'restart-wait': 8,
};
/** fault_bits bit 6: emergency stop pressed. */
const EMERGENCY_STOP_BIT = 6;

/** Maintenance counter key → its service interval (h) and the alert_bits bit that says it is due. */
const MAINTENANCE = {
  air_filter_hours_left: { interval: 2000, dueBit: 0 },
  oil_filter_hours_left: { interval: 2000, dueBit: 1 },
  separator_hours_left: { interval: 4000, dueBit: 2 },
  oil_hours_left: { interval: 4000, dueBit: 3 },
  grease_hours_left: { interval: 2000, dueBit: 4 },
} as const;
type MaintenanceKey = keyof typeof MAINTENANCE;
const MAINTENANCE_KEYS = Object.keys(MAINTENANCE) as MaintenanceKey[];
/** maintenance_reset option n (1..5) resets MAINTENANCE_BY_OPTION[n - 1]; option 6 resets all. */
const MAINTENANCE_BY_OPTION: readonly MaintenanceKey[] = [
  'oil_filter_hours_left',
  'air_filter_hours_left',
  'separator_hours_left',
  'oil_hours_left',
  'grease_hours_left',
];
const COMMAND_KEYS = ['start_stop_command', 'maintenance_reset'];
const ALERT_HIGH_TEMPERATURE_BIT = 5;
const ALERT_LOW_PRESSURE_BIT = 6;

/** Pressure change (MPa/s) per unit of capacity surplus: the size of the receiver and the network. */
const PRESSURE_GAIN = 0.0025;
const SQRT3 = Math.sqrt(3);

export function screwCompressor(bank: RegisterBank, rng: Prng, now: number): MachineModel {
  const ratedKw = rng.pick([22, 37, 55, 75, 90, 110]);
  const voltage = rng.pick([380, 400]);
  const ratedCurrent = (ratedKw * 1000) / (SQRT3 * voltage * 0.88 * 0.94);
  const capacity = ratedKw * rng.range(0.15, 0.18); // m³/min
  const fanCurrent = ratedKw * rng.range(0.05, 0.08);
  const siteTemperature = rng.range(14, 26);
  const receiver = rng.range(0.7, 1.3);
  const imbalance = [rng.noise(0.015), rng.noise(0.015), rng.noise(0.015)] as const;
  const band = rng.pick([
    [0.6, 0.75],
    [0.65, 0.8],
    [0.7, 0.85],
  ] as const);

  const settings: Record<string, number> = {
    load_pressure: band[0],
    unload_pressure: band[1],
    target_pressure: band[0] + 0.05,
    low_pressure_alarm: 0.5,
    high_pressure_alarm: 0.95,
    discharge_temperature_warning: 100,
    discharge_temperature_trip: 110,
    restart_delay: 30,
    unloaded_stop_delay: 600,
    star_delta_time: 8,
    start_stop_command: 0,
    control_mode: 1,
    motor_rated_current: ratedCurrent,
    fan_start_temperature: 70,
    fan_stop_temperature: 62,
    drain_interval: 600,
    drain_open_time: 5,
    auto_restart: 1,
    maintenance_reset: 0,
  };
  for (const [key, value] of Object.entries(settings)) bank.set(key, value);
  bank.set('software_version', rng.pick([1.05, 1.12, 2.03]));

  const runHours = rng.range(500, 30_000);
  const totals = new Totals({
    run_hours: runHours,
    load_hours: runHours * rng.range(0.6, 0.85),
    start_count: Math.floor(runHours / rng.range(2, 8)),
    energy: rng.range(0, 60_000),
    // The 32-bit total has run past what one word holds (65,535) on any compressor of some age.
    energy_total: rng.range(70_000, 2_000_000),
  });
  const hoursLeft = Object.fromEntries(MAINTENANCE_KEYS.map((k) => [k, rng.range(100, MAINTENANCE[k].interval)])) as Record<
    MaintenanceKey,
    number
  >;

  let phase: Phase = 'loaded';
  let timer = 0; // seconds left in starting / restart-wait, or spent unloaded
  let pressure = rng.range(band[0], band[1]);
  let demand = rng.range(0.4, 0.8);
  let ambient = daily(now, siteTemperature, 5);
  let discharge = ambient + 60;
  let oil = discharge - 8;
  let winding = ambient + 45;
  let dewPoint = 3;
  let loadRatio = 0.7;
  let fanOn = true;
  let drainFor = 0; // seconds since the drain valve last opened
  let lastFault = 0;
  let stopCommanded = false;

  const motorTurning = (): boolean => phase === 'starting' || phase === 'loaded' || phase === 'unloaded';
  const start = (): void => {
    phase = 'starting';
    timer = bank.get('star_delta_time');
    totals.add('start_count', 1);
  };

  /** The load and unload pressures as set, kept at least 0.02 MPa apart whatever was written. */
  const pressureBand = (): [number, number] => {
    const unload = bank.get('unload_pressure');
    return [Math.min(bank.get('load_pressure'), unload - 0.02), unload];
  };

  function advance(dt: number, at: number, { fault }: Conditions): void {
    const [load, unload] = pressureBand();
    if (fault && phase !== 'fault') {
      phase = 'fault';
      lastFault = fault.bit + 1;
    } else if (!fault && phase === 'fault') {
      phase = stopCommanded ? 'remote-stop' : 'restart-wait';
      timer = bank.get('restart_delay');
    }
    switch (phase) {
      case 'restart-wait':
      case 'starting':
        timer -= dt;
        if (timer > 0) break;
        if (phase === 'starting') phase = 'loaded';
        else start();
        break;
      case 'loaded':
        if (pressure >= unload) [phase, timer] = ['unloaded', 0];
        break;
      case 'unloaded':
        timer += dt;
        if (pressure <= load) phase = 'loaded';
        else if (timer >= bank.get('unloaded_stop_delay')) phase = 'idle';
        break;
      case 'idle':
        if (pressure <= load) start();
        break;
      default:
        break;
    }

    // Air: the plant draws `demand` (fraction of capacity); a loaded compressor delivers all of it.
    demand = clamp(lag(demand, dayShift(at) ? 0.7 : 0.45, dt, 1800) + rng.noise(0.01) * Math.sqrt(dt), 0.2, 0.95);
    pressure = clamp(pressure + PRESSURE_GAIN * receiver * ((phase === 'loaded' ? 1 : 0) - demand) * dt, 0, 1.6);
    loadRatio = lag(loadRatio, phase === 'loaded' ? 1 : 0, dt, 900);

    // Heat: the compression heat follows the state, the fan takes some away.
    ambient = lag(ambient, daily(at, siteTemperature, 5), dt, 600);
    discharge = lag(discharge, ambient + HEAT[phase] - (fanOn ? 4 : 0), dt, motorTurning() ? 180 : 900);
    oil = lag(oil, discharge - (motorTurning() ? 8 : 2), dt, 300);
    if (oil >= bank.get('fan_start_temperature')) fanOn = true;
    else if (oil <= bank.get('fan_stop_temperature')) fanOn = false;
    const currentRatio = currentFraction(pressure, load, unload);
    winding = lag(winding, motorTurning() ? ambient + 10 + 45 * Math.min(currentRatio, 1) ** 2 : ambient, dt, 900);
    dewPoint = lag(dewPoint, motorTurning() ? 3 : Math.max(ambient - 4, 3), dt, 600);

    // Counters.
    const kw = powerKw(currentRatio * ratedCurrent, voltage, phase) + (fanOn && motorTurning() ? fanCurrent * 0.6 : 0);
    totals.add('energy', (kw * dt) / 3600);
    totals.add('energy_total', (kw * dt) / 3600);
    if (motorTurning()) {
      totals.add('run_hours', dt / 3600);
      for (const key of MAINTENANCE_KEYS) hoursLeft[key] = Math.max(0, hoursLeft[key] - dt / 3600);
    }
    if (phase === 'loaded') totals.add('load_hours', dt / 3600);
    drainFor = (drainFor + dt) % Math.max(bank.get('drain_interval'), 1);
  }

  function currentFraction(p: number, load: number, unload: number): number {
    switch (phase) {
      case 'loaded':
        return 0.86 + 0.1 * clamp((p - load) / Math.max(unload - load, 0.01), 0, 1.2);
      case 'unloaded':
        return 0.38;
      case 'starting':
        return 1.8;
      default:
        return 0;
    }
  }

  function read(_at: number, { fault }: Conditions): void {
    const [load, unload] = pressureBand();
    const turning = motorTurning();
    const emergency = fault?.bit === EMERGENCY_STOP_BIT;
    bank.set('run_state', emergency ? EMERGENCY_STOP_STATE : RUN_STATE[phase]);
    bank.set('discharge_pressure', pressure + rng.noise(0.004));
    bank.set('discharge_temperature', discharge + rng.noise(0.3));
    bank.set('oil_temperature', oil + rng.noise(0.3));
    bank.set('ambient_temperature', ambient + rng.noise(0.2));
    bank.set(
      'separator_pressure_drop',
      turning ? (phase === 'loaded' ? 0.025 : 0.01) + 0.03 * (1 - hoursLeft.separator_hours_left / 4000) : 0,
    );
    const amps = currentFraction(pressure, load, unload) * ratedCurrent;
    const phases = imbalance.map((d) => (amps > 0 ? amps * (1 + d + rng.noise(0.004)) : 0));
    bank.set('motor_current_l1', phases[0] ?? 0);
    bank.set('motor_current_l2', phases[1] ?? 0);
    bank.set('motor_current_l3', phases[2] ?? 0);
    bank.set('fan_current', fanOn && turning ? fanCurrent + rng.noise(0.1) : 0);
    const volts = voltage * (1 + rng.noise(0.015));
    bank.set('supply_voltage', volts);
    bank.set('power', powerKw(amps, volts, phase) + (fanOn && turning ? fanCurrent * 0.6 : 0));
    bank.set('frequency', turning ? 50 + rng.noise(0.05) : 0);
    bank.set('motor_speed', turning ? (phase === 'loaded' ? 2965 : 2985) + rng.noise(5) : 0);
    totals.writeTo(bank);
    for (const key of MAINTENANCE_KEYS) bank.set(key, Math.ceil(hoursLeft[key]));
    bank.set('motor_winding_temperature', winding + rng.noise(0.3));
    bank.set('pressure_dew_point', dewPoint + rng.noise(0.2));
    bank.set('load_ratio', loadRatio * 100);
    bank.set('free_air_delivery', phase === 'loaded' ? capacity * (1.06 - 0.1 * pressure) : 0);
    bank.set('last_fault_code', lastFault);

    const status: readonly boolean[] = [
      turning,
      phase === 'starting',
      turning && phase !== 'starting',
      fanOn && turning,
      phase === 'loaded',
      bank.raw('control_mode') === 1,
      drainFor < bank.get('drain_open_time'),
      bank.raw('auto_restart') === 1,
      oil < 5,
    ];
    status.forEach((on, bit) => {
      bank.setBit('status_bits', bit, on);
    });
    for (const key of MAINTENANCE_KEYS) bank.setBit('alert_bits', MAINTENANCE[key].dueBit, hoursLeft[key] <= 0);
    bank.setBit('alert_bits', ALERT_HIGH_TEMPERATURE_BIT, discharge >= bank.get('discharge_temperature_warning'));
    bank.setBit('alert_bits', ALERT_LOW_PRESSURE_BIT, turning && pressure < bank.get('low_pressure_alarm'));
    // Commands are pulses: the controller acts on them and sets the word back to "No action".
    for (const key of COMMAND_KEYS) bank.set(key, 0);
  }

  function written(key: string, raw: number): WriteEffect {
    if (key === 'start_stop_command') {
      stopCommanded = raw === 2 || (stopCommanded && raw !== 1);
      if (raw === 1 && (phase === 'stopped' || phase === 'remote-stop' || phase === 'idle')) start();
      if (raw === 2 && phase !== 'fault') phase = 'remote-stop';
      if (raw === 3) return 'reset-incidents';
    } else if (key === 'maintenance_reset' && raw > 0) {
      const keys = raw === 6 ? MAINTENANCE_KEYS : MAINTENANCE_BY_OPTION.slice(raw - 1, raw);
      for (const k of keys) hoursLeft[k] = MAINTENANCE[k].interval;
    } else if (key in MAINTENANCE) {
      hoursLeft[key as MaintenanceKey] = bank.get(key);
    }
    return undefined;
  }

  return { advance, read, written };
}

/** Three-phase input power in kW; the power factor drops when unloaded and while starting. */
function powerKw(amps: number, volts: number, phase: Phase): number {
  const pf = phase === 'loaded' ? 0.88 : phase === 'unloaded' ? 0.55 : 0.4;
  return (SQRT3 * volts * amps * pf) / 1000;
}
