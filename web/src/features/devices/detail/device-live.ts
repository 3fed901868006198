import { wordAddresses, type ControllerTypeDetail, type DeviceDetail, type ServerEvent } from '@dms/contract';

/** Most transitions the status card keeps. */
const MAX_TRANSITIONS = 50;

type DeviceEvent = Extract<ServerEvent, { type: 'state' | 'values' | 'status' }>;

/**
 * A live event applied to the device of a detail page: `values` (and a `state` newer than what the page has) merge
 * register values; `status` changes the status and adds to the recent transitions. 'reload' when the `state` sent on
 * subscribing says the status changed since the page loaded (so its transitions come complete with a reload). The
 * same device comes back when the event changes nothing.
 */
export function applyDeviceEvent(device: DeviceDetail, event: DeviceEvent): DeviceDetail | 'reload' {
  if (event.device !== device.id) return device;
  if (event.type === 'state') {
    if (event.status !== device.status) return 'reload';
    if (event.ts === null || event.ts <= (device.latest.ts ?? 0)) return device;
  }
  if (event.type === 'values' || event.type === 'state') {
    const at = event.ts ?? 0;
    return {
      ...device,
      latest: { values: { ...device.latest.values, ...event.values }, ts: Math.max(device.latest.ts ?? 0, at) },
      lastSeen: Math.max(device.lastSeen ?? 0, at),
    };
  }
  const to = event.to;
  return {
    ...device,
    status: to,
    runStatus: to.endsWith('fault') ? 'fault' : to.endsWith('alert') ? 'warning' : 'normal',
    transitions: [{ time: event.time, from: event.from, to }, ...device.transitions].slice(0, MAX_TRANSITIONS),
  };
}

/**
 * Whether an event may change the device's active faults and alerts (so the page reloads them): a change of status,
 * or new values of a register whose bits mean a fault or an alert (a second fault while already faulted).
 */
export function faultsMayChange(device: DeviceDetail, type: ControllerTypeDetail | null, event: DeviceEvent): boolean {
  if (event.device !== device.id) return false;
  if (event.type === 'status') return true;
  if (!type) return false;
  return type.registers.some(
    (r) =>
      r.bits?.some((b) => b.severity !== 'info') === true &&
      // Either word of a register of two words.
      wordAddresses(r).some((a) => event.values[a] !== undefined && event.values[a] !== device.latest.values[a]),
  );
}

/**
 * The device as the PATCH of its information answers it, in place of the one shown: the live values and the longer
 * list of transitions the page has stay.
 */
export function replaceDevice(shown: DeviceDetail, saved: DeviceDetail): DeviceDetail {
  return {
    ...saved,
    latest: shown.latest,
    transitions: shown.transitions.length > saved.transitions.length ? shown.transitions : saved.transitions,
  };
}
