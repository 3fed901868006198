import { registerRaw, type DeviceDetail, type RegisterDef } from '@dms/contract';
import { LOCK_STATE } from '@dms/seed';

/** What a device's controller shows of its lock (the lock block of its map; docs/dynamic-password.md). */
export type LockReading =
  { state: 'locked'; challenge: string | null } | { state: 'unlocked' } | { state: 'timed'; hoursLeft: number | null };

/** lock_state's values, by what they mean here. */
const STATES: Record<number, LockReading['state']> = {
  [LOCK_STATE.unlocked]: 'unlocked',
  [LOCK_STATE.locked]: 'locked',
  [LOCK_STATE.timed]: 'timed',
};

/**
 * The lock as the device's latest values show it, or null when its map has no lock block, the user may not read it,
 * or the controller has not reported it.
 */
export function lockReading(device: Pick<DeviceDetail, 'latest' | 'template'>, registers: readonly RegisterDef[]): LockReading | null {
  const def = (key: string) => registers.find((r) => r.key === key && !device.template.noRead.includes(r.number));
  const raw = (key: string) => {
    const d = def(key);
    return d ? registerRaw(d, device.latest.values) : undefined;
  };
  const stateRaw = raw('lock_state');
  const state = stateRaw === undefined ? undefined : STATES[stateRaw];
  if (!state) return null;
  if (state === 'locked') {
    const challenge = raw('lock_challenge');
    return { state, challenge: challenge !== undefined && challenge > 0 ? String(challenge).padStart(6, '0') : null };
  }
  if (state === 'timed') return { state, hoursLeft: raw('unlock_hours_left') ?? null };
  return { state };
}
