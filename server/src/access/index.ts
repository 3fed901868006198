import type { Permission } from '@dms/contract';
import type { Db } from '../db/database.js';
import type { AuthContext } from '../types.js';
import { ANNOUNCEMENT_RULES } from './announcements.js';
import { API_KEY_RULES } from './api-keys.js';
import { BOX_RULES } from './boxes.js';
import { DEVICE_RULES, HISTORY_RULES } from './devices.js';
import { EVENT_RULES } from './events.js';
import { FIRMWARE_RULES } from './firmware.js';
import { CARD_RULES } from './iot-cards.js';
import { NOTIFICATION_RULES } from './notifications.js';
import type { Rules } from './rule.js';
import { SESSION_RULES } from './sessions.js';
import { USER_RULES } from './users.js';

/**
 * The access module: which records a signed-in user may touch, by the ownership hierarchy (spec 1, 4). The access
 * table (contract access.ts) guards areas at the route; this guards records in the services, whose first step is
 * `requireAccess` on the ids they were asked about. One rule per permission of the contract: an area adds its file
 * here and joins its rules below, and the type fails until every permission has one.
 */
const RULES: Rules<Permission> = {
  ...DEVICE_RULES,
  ...HISTORY_RULES,
  ...BOX_RULES,
  ...USER_RULES,
  ...SESSION_RULES,
  ...API_KEY_RULES,
  ...EVENT_RULES,
  ...NOTIFICATION_RULES,
  ...ANNOUNCEMENT_RULES,
  ...CARD_RULES,
  ...FIRMWARE_RULES,
};

export interface AccessRequest {
  auth: AuthContext;
  permission: Permission;
  ids: readonly number[];
}

/** Of the requested ids, those the user holds the permission on (never ids that do not exist). */
export async function checkAccess(db: Db, { auth, permission, ids }: AccessRequest): Promise<Set<number>> {
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return new Set();
  return RULES[permission].check(db, auth, distinct);
}

/**
 * Throws the permission's error (403, e.g. 40300) unless the user holds it on every id. Services look the record up
 * first and answer 404 for one that does not exist, then call this.
 */
export async function requireAccess(db: Db, request: AccessRequest): Promise<void> {
  const granted = await checkAccess(db, request);
  const missing = request.ids.filter((id) => !granted.has(id));
  if (missing.length === 0) return;
  const rule = RULES[request.permission];
  if (rule.deniedWhenSeen) {
    const seen = await checkAccess(db, { ...request, permission: 'device.read', ids: missing });
    if (missing.every((id) => seen.has(id))) throw rule.deniedWhenSeen();
  }
  throw rule.denied();
}

export { changesAll, deviceScope, seesAll } from './rule.js';
export {
  childrenWithRole,
  dataInScope,
  dataVisibleTo,
  deletedBoxIds,
  deletedDeviceIds,
  inScope,
  liveBox,
  liveDevice,
  usersSeeingAll,
  visibleTo,
  type ChildRole,
  type DeviceScope,
} from './repository.js';
export {
  ckGroups,
  CK_FACTORY_ROLE,
  parseRoles,
  refreshReach,
  refreshReachForBoxes,
  refreshReachForCk,
  repairReach,
  reachOf,
  type Reach,
} from './reach.js';
export { deviceGrants, viewersOf, visibleIds } from './devices.js';
export { describeReach, reachOrNone } from './describe.js';
export { faultLens, faultsSeenBy, type FaultLens } from './faults.js';
export { requireBoxDownload } from './firmware.js';
export { invalidateTemplates, readable, registerRights, type RegisterRights } from './template-rights.js';
export { userScope } from './users.js';
export { inAudience } from './announcements.js';
export { cardsSeenBy, feedbackSeenBy } from './iot-cards.js';
