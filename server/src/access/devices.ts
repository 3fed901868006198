import { Code, type PermissionOf } from '@dms/contract';
import type { Db } from '../db/database.js';
import { AppError, forbidden } from '../errors.js';
import type { AuthContext } from '../types.js';
import { reachOf } from './reach.js';
import * as repo from './repository.js';
import { changesAll, deviceScope, seesAll, type Checker, type Rules } from './rule.js';

/** What a user who reaches a device may do with it beyond reading (docs/people.md "What a user may do"). */
interface DeviceRights {
  /** Write any writable register, change its information: its owner (assignment moves the owner), root, admin. */
  write: boolean;
  /** Write the start/stop register: the owner, or a helper or sharee given the switch right. */
  switch: boolean;
}

/** The permissions that follow from DeviceRights, each as a test of them. */
const RIGHTS = {
  'device.update': (r) => r.write,
  'device.write': (r) => r.write,
  'device.switch': (r) => r.write || r.switch,
} as const satisfies Record<
  Exclude<PermissionOf<'device'>, 'device.read' | 'device.data' | 'device.share' | 'device.assign' | 'device.unlock'>,
  (r: DeviceRights) => boolean
>;
type RightsPermission = keyof typeof RIGHTS;
const RIGHTS_PERMISSIONS = Object.keys(RIGHTS) as RightsPermission[];

/** The rights of a user on each of the given devices that they reach. */
async function rightsAmong(db: Db, auth: AuthContext, ids: readonly number[]): Promise<Map<number, DeviceRights>> {
  const rights = new Map<number, DeviceRights>();
  if (changesAll(auth)) {
    for (const id of await repo.devicesAmong(db, null, ids)) rights.set(id, { write: true, switch: true });
    return rights;
  }
  for (const [id, r] of await reachOf(db, auth.user.id, ids)) {
    const owner = r.how === 'owner';
    rights.set(id, { write: owner, switch: owner || r.canSwitch });
  }
  return rights;
}

const visible: Checker = async (db, auth, ids) => new Set(await repo.devicesAmong(db, deviceScope(auth), ids));
const dataVisible: Checker = async (db, auth, ids) => new Set(await repo.devicesAmong(db, deviceScope(auth), ids, true));

function holding(permission: RightsPermission): Checker {
  return async (db, auth, ids) => {
    const rights = await rightsAmong(db, auth, ids);
    return new Set([...rights].filter(([, r]) => RIGHTS[permission](r)).map(([id]) => id));
  };
}

/** Only its owner shares a device or assigns it on, root and admin included: either lends or gives what is theirs. */
const owned: Checker = async (db, auth, ids) => new Set(await repo.devicesOwnedBy(db, auth.user.id, ids));

const noWriteRight = () => new AppError(Code.FORBIDDEN, 'error.noWriteRight');
const dataHidden = () => new AppError(Code.DATA_HIDDEN, 'error.dataHidden');

export const DEVICE_RULES = {
  'device.read': { check: visible, denied: forbidden },
  'device.data': { check: dataVisible, denied: forbidden, deniedWhenSeen: dataHidden },
  'device.update': { check: holding('device.update'), denied: noWriteRight },
  'device.write': { check: holding('device.write'), denied: noWriteRight },
  'device.switch': { check: holding('device.switch'), denied: noWriteRight },
  'device.share': { check: owned, denied: () => new AppError(Code.FORBIDDEN, 'error.notYourDevice') },
  'device.assign': { check: owned, denied: () => new AppError(Code.FORBIDDEN, 'error.notYourDeviceToAssign') },
  // The password is the box's CK factory's to give: whoever sees the device (its reach, or every device) may ask for it,
  // and pays for it from their quota (docs/dynamic-password.md).
  'device.unlock': { check: visible, denied: forbidden },
} as const satisfies Rules<PermissionOf<'device'>>;

/** A device's history is read by whoever reads its data. */
export const HISTORY_RULES = {
  'history.read': { check: dataVisible, denied: forbidden, deniedWhenSeen: dataHidden },
} as const satisfies Rules<PermissionOf<'history'>>;

/** Which of update, write and switch the user holds on one device (the flags of its page), from one read of the rights. */
export async function deviceGrants(db: Db, auth: AuthContext, deviceId: number): Promise<Set<RightsPermission>> {
  const rights = (await rightsAmong(db, auth, [deviceId])).get(deviceId);
  return new Set(rights ? RIGHTS_PERMISSIONS.filter((p) => RIGHTS[p](rights)) : []);
}

/** Every device id the user reaches (with `data`: whose data they read), or 'all' for root and admin. */
export async function visibleIds(db: Db, auth: AuthContext, data = false): Promise<Set<number> | 'all'> {
  return seesAll(auth) ? 'all' : new Set(await repo.visibleDeviceIds(db, auth.user.id, data));
}

/**
 * The users who read a device's data by the hierarchy (a notification's recipients). Root and admin see every
 * device without being listed.
 */
export function viewersOf(db: Db, deviceId: number): Promise<number[]> {
  return repo.dataViewersOf(db, deviceId);
}
