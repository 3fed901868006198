import { STOP_STATES, type StopState, type StopTotals } from '@dms/contract';

/** The colours of the stop-status states (offline grey, as in the device list). */
export const STATE_COLOR: Record<StopState, string> = {
  running: '#1677ff',
  loaded: '#52c41a',
  unloaded: '#13c2c2',
  stopped: '#8c8c8c',
  faulted: '#ff4d4f',
  offline: '#d9d9d9',
};

/** A share as a percentage with one decimal ("45.2%"). */
export function percent(share: number): string {
  return `${(Math.round(share * 1000) / 10).toFixed(1)}%`;
}

/** The states that hold any time, in STOP_STATES' order, each with its time and share of the whole. */
export function stateShares(totals: StopTotals): Array<{ state: StopState; ms: number; share: number }> {
  const all = STOP_STATES.reduce((n, s) => n + totals[s], 0);
  return STOP_STATES.filter((s) => totals[s] > 0).map((state) => ({ state, ms: totals[state], share: all > 0 ? totals[state] / all : 0 }));
}

export const STOP_WINDOWS = ['today', '24h', '7d', '30d'] as const;
export type StopWindow = (typeof STOP_WINDOWS)[number];
const HOUR = 3_600_000;
/** A window ending `now`: today from the local midnight, or the last 24 hours, 7 or 30 days. */
export function stopWindow(choice: StopWindow, now: number, midnight: number): { from: number; to: number } {
  const back = { today: now - midnight, '24h': 24 * HOUR, '7d': 7 * 24 * HOUR, '30d': 30 * 24 * HOUR }[choice];
  return { from: now - back, to: now };
}
