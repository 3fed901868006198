import type { MqttClient } from 'mqtt';
import type { BoxCredentials } from '@dms/contract';
import { connectBox, data, hello, registerBoxes, send } from './boxes.js';
import { bearer, buildTestApp, login, type TestApp } from './helper.js';
import { reg } from './registers.js';

/**
 * The world of the history tests (history*.test.ts): demo_manager's box 7001 (7002 registered, silent) reported a known
 * series of discharge pressures every 20 minutes from ten hours ago, with a fault (bit 0) on the 5th value and an alert
 * (bit 1) from the 7th on, and one late value; demo_end_user's box 7101 reported a fault of its own.
 */
export const RUN_STATE = reg('screw-compressor', 'run_state');
export const PRESSURE = reg('screw-compressor', 'discharge_pressure');
export const FAULT_BITS = reg('screw-compressor', 'fault_bits');
export const ALERT_BITS = reg('screw-compressor', 'alert_bits');
/** A register of the map the test boxes never report. */
export const UNREPORTED = reg('screw-compressor', 'ambient_temperature');
export const MIN = 60_000;
export const HOUR = 3_600_000;
/** The known series: pressure values, 20 minutes apart from t0. */
export const SERIES = [10, 30, 20, 5, 50, 40, 35, 60, 15];
export const LATE = { offset: 5 * HOUR + MIN, value: 7 };

export interface HistoryWorld {
  t: TestApp;
  root: string;
  manager: string;
  helper: string;
  market: string;
  endUser: string;
  mine: BoxCredentials;
  theirs: BoxCredentials;
  /** When the known series starts. */
  t0: number;
  now: number;
  close: () => Promise<void>;
}

export async function historyWorld(dialect: 'sqlite' | 'postgres'): Promise<HistoryWorld> {
  const t = await buildTestApp(dialect);
  const clients: MqttClient[] = [];
  const [mine] = (await registerBoxes(t.app, 7001, 7002)) as [BoxCredentials];
  const [theirs] = (await registerBoxes(t.app, 7101, 7101, 'demo_end_user')) as [BoxCredentials];
  const [root, manager, helper, market, endUser] = (await Promise.all(
    ['demo_root', 'demo_manager', 'demo_helper', 'demo_market', 'demo_end_user'].map((u) => login(t.app, u)),
  )) as [string, string, string, string, string];
  const now = t.clock.now;
  const t0 = now - 10 * HOUR;
  const a = await connectBox(t.app.mqttPort, mine);
  clients.push(a);
  await send(a, mine.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
  // A fault (bit 0) from the 5th to the 6th value, an alert (bit 1) from the 7th on, never ended.
  for (const [k, value] of SERIES.entries()) {
    const faults = k === 4 ? 0b1 : 0;
    const alerts = k >= 6 ? 0b10 : 0;
    await send(
      a,
      mine.boxId,
      'data',
      data(t0 + k * 20 * MIN, { '1': { [RUN_STATE]: 2, [PRESSURE]: value, [FAULT_BITS]: faults, [ALERT_BITS]: alerts } }, k),
    );
  }
  await send(a, mine.boxId, 'data', data(t0 + LATE.offset, { '1': { [PRESSURE]: LATE.value } }, 20));
  // Another user's device with a fault of its own.
  const b = await connectBox(t.app.mqttPort, theirs);
  clients.push(b);
  await send(b, theirs.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
  await send(b, theirs.boxId, 'data', data(t0 + 30 * MIN, { '1': { [PRESSURE]: 70, [FAULT_BITS]: 0b100 } }, 1));
  await t.app.ingest.drain();
  const close = async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await t.close();
  };
  return { t, root, manager, helper, market, endUser, mine, theirs, t0, now, close };
}

/** A GET of the API as a user (null: signed out), in a language. */
export function getAs(t: TestApp) {
  return (token: string | null, url: string, lang = 'en') =>
    t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: token ? { ...bearer(token), 'accept-language': lang } : {} });
}
