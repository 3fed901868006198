import { Code, type PermissionOf } from '@dms/contract';
import type { Db } from '../db/database.js';
import { AppError, forbidden } from '../errors.js';
import type { AuthContext } from '../types.js';
import * as repo from './repository.js';
import { changesAll, deviceScope, seesAll, type Checker, type Rules } from './rule.js';

/** What a user who sees a device may do with it beyond reading. */
interface DeviceRights {
  /** Write any writable register, change its information: its owner (assignment moves the owner), root, admin. */
  write: boolean;
  /** Write the start/stop register: shared with the switch right, or a helper so authorised. */
  switch: boolean;
}

/** The permissions that follow from DeviceRights, each as a test of them. */
const RIGHTS = {
  'device.update': (r) => r.write,
  'device.write': (r) => r.write,
  'device.switch': (r) => r.write || r.switch,
} as const satisfies Record<Exclude<PermissionOf<'device'>, 'device.read'>, (r: DeviceRights) => boolean>;
type RightsPermission = keyof typeof RIGHTS;
const RIGHTS_PERMISSIONS = Object.keys(RIGHTS) as RightsPermission[];

/** The rights of a user on each of the given devices that exist. */
async function rightsAmong(db: Db, auth: AuthContext, ids: readonly number[]): Promise<Map<number, DeviceRights>> {
  const devices = await repo.deviceOwners(db, ids);
  const rights = new Map<number, DeviceRights>();
  const userId = auth.user.id;
  const all = changesAll(auth);
  for (const d of devices) rights.set(d.id, { write: all || d.owner_id === userId, switch: all || d.owner_id === userId });
  if (all) return rights;
  for (const link of await repo.linksTo(db, userId, ids)) {
    const r = rights.get(link.device_id);
    if (r && link.can_switch === 1) r.switch = true;
  }
  return rights;
}

const visible: Checker = async (db, auth, ids) => new Set(await repo.devicesAmong(db, deviceScope(auth), ids));

function holding(permission: RightsPermission): Checker {
  return async (db, auth, ids) => {
    const rights = await rightsAmong(db, auth, ids);
    return new Set([...rights].filter(([, r]) => RIGHTS[permission](r)).map(([id]) => id));
  };
}

const noWriteRight = () => new AppError(Code.FORBIDDEN, 'error.noWriteRight');

export const DEVICE_RULES = {
  'device.read': { check: visible, denied: forbidden },
  'device.update': { check: holding('device.update'), denied: noWriteRight },
  'device.write': { check: holding('device.write'), denied: noWriteRight },
  'device.switch': { check: holding('device.switch'), denied: noWriteRight },
} as const satisfies Rules<PermissionOf<'device'>>;

/** A device's history is read by whoever sees the device. */
export const HISTORY_RULES = {
  'history.read': { check: visible, denied: forbidden },
} as const satisfies Rules<PermissionOf<'history'>>;

/** Which of update, write and switch the user holds on one device (the flags of its page), from one read of the rights. */
export async function deviceGrants(db: Db, auth: AuthContext, deviceId: number): Promise<Set<RightsPermission>> {
  const rights = (await rightsAmong(db, auth, [deviceId])).get(deviceId);
  return new Set(rights ? RIGHTS_PERMISSIONS.filter((p) => RIGHTS[p](rights)) : []);
}

/** Every device id the user sees, or 'all' for root and admin. */
export async function visibleIds(db: Db, auth: AuthContext): Promise<Set<number> | 'all'> {
  return seesAll(auth) ? 'all' : new Set(await repo.visibleDeviceIds(db, auth.user.id));
}

/**
 * The users who see a device by the hierarchy, as `visibleTo` reads it the other way: its owner, everyone it is
 * shared with or given to as a helper, and the assigner of an assigned device unless the assignee hid it. Root and
 * admin see every device without being listed (a notification's recipients).
 */
export async function viewersOf(db: Db, deviceId: number): Promise<number[]> {
  const [device] = await repo.deviceOwners(db, [deviceId]);
  const ids = new Set<number>(device ? [device.owner_id] : []);
  for (const l of await repo.liveLinksOf(db, deviceId)) {
    ids.add(l.user_id);
    if (l.kind === 'assigned' && l.show_value === 1) ids.add(l.source_user_id);
  }
  return [...ids];
}
