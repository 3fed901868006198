import type { DeviceCounts } from '@dms/contract';

/** One status count of the dashboard: what it counts and where its list is. */
export interface CountTile {
  key: 'all' | 'online' | 'offline' | 'alert' | 'fault' | 'unregistered';
  value: (c: DeviceCounts) => number;
  /** The device list that shows exactly these devices. */
  to: string;
  /** The online/offline split shown under a group's count. */
  split?: (c: DeviceCounts) => { online: number; offline: number };
}

/** The counts per status, each a link to its list (the fault, warning and offline lists have menu entries). */
export const COUNT_TILES: readonly CountTile[] = [
  { key: 'all', value: (c) => c.all, to: '/devices/devices-show' },
  { key: 'online', value: (c) => c.online, to: '/devices/devices-show?status=online' },
  { key: 'offline', value: (c) => c.offline, to: '/devices/offline' },
  {
    key: 'alert',
    value: (c) => c.online_alert + c.offline_alert,
    to: '/devices/warning',
    split: (c) => ({ online: c.online_alert, offline: c.offline_alert }),
  },
  {
    key: 'fault',
    value: (c) => c.online_fault + c.offline_fault,
    to: '/devices/fault',
    split: (c) => ({ online: c.online_fault, offline: c.offline_fault }),
  },
  { key: 'unregistered', value: (c) => c.unregistered, to: '/devices/devices-show?status=unregistered' },
];
