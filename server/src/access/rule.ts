import { ADMIN_ROLE, ROOT_ROLE, type Permission } from '@dms/contract';
import type { Db } from '../db/database.js';
import type { AppError } from '../errors.js';
import type { AuthContext } from '../types.js';
import { SEES_ALL_ROLES, type DeviceScope } from './repository.js';

/** Of the requested ids (distinct, at least one), those the user holds the permission on; ids that do not exist are never granted. */
export type Checker = (db: Db, auth: AuthContext, ids: readonly number[]) => Promise<Set<number>>;

/** How one permission is checked, and the error a service answers when it is not held. */
export interface PermissionRule {
  check: Checker;
  denied: () => AppError;
  /** The error when the user does see the records (`device.read`) but not this: a sub-manager hid their data. */
  deniedWhenSeen?: () => AppError;
}

/** The rules of some permissions: each area's file of the access module exports its own. */
export type Rules<P extends Permission> = { readonly [K in P]: PermissionRule };

/** Root and 'admin' see and may change every device, box and record. */
export function changesAll(auth: Pick<AuthContext, 'roles'>): boolean {
  return auth.roles.includes(ROOT_ROLE) || auth.roles.includes(ADMIN_ROLE);
}

/** Root, 'admin' and limited_admin see every device and box; limited_admin changes only what it owns, as anyone. */
export function seesAll(auth: Pick<AuthContext, 'roles'>): boolean {
  return SEES_ALL_ROLES.some((role) => auth.roles.includes(role));
}

/** The scope of a user's list queries: every device for root, admin and limited_admin, else the devices they see. */
export function deviceScope(auth: AuthContext): DeviceScope {
  return seesAll(auth) ? null : auth.user.id;
}
