import type { DeviceReach } from '@dms/contract';
import type { Db } from '../db/database.js';
import type { AuthContext } from '../types.js';
import { REACH_ID_BATCH, reachOf } from './reach.js';
import { changesAll, seesAll } from './rule.js';

/**
 * How the user reaches each of some devices, as the console shows it on every device screen (docs/people.md): how,
 * through whom, with the switch right or not, whether they read its data, and for an owner by assignment who
 * assigned it and whether they hid it. Devices the user does not reach are left out (root, admin and limited_admin
 * reach every device: `admin` unless they own it).
 */
export async function describeReach(db: Db, auth: AuthContext, deviceIds: readonly number[]): Promise<Map<number, DeviceReach>> {
  const out = new Map<number, DeviceReach>();
  if (deviceIds.length === 0) return out;
  const reach = await reachOf(db, auth.user.id, deviceIds);
  const owned = new Set([...reach.values()].filter((r) => r.how === 'owner').map((r) => r.deviceId));
  // The assignments that brought the owned ones to the user: by id for a page of devices, all of the user's for a map
  // or an export (one statement however many devices, under the databases' bound-parameter limits).
  let query = db
    .selectFrom('device_links as l')
    .innerJoin('users as s', 's.id', 'l.source_user_id')
    .select(['l.device_id', 'l.show_value', 's.username'])
    .where('l.user_id', '=', auth.user.id)
    .where('l.kind', '=', 'assigned')
    .where('l.recalled_at', 'is', null);
  if (owned.size <= REACH_ID_BATCH) query = query.where('l.device_id', 'in', [...owned]);
  const assignments = owned.size === 0 ? [] : await query.execute();
  const assignedOf = new Map(assignments.filter((a) => owned.has(a.device_id)).map((a) => [a.device_id, a]));
  const viaIds = [...new Set([...reach.values()].map((r) => r.viaUserId).filter((v): v is number => v !== null))];
  const names =
    viaIds.length === 0
      ? new Map<number, string>()
      : new Map(
          (await db.selectFrom('users').select(['id', 'username']).where('id', 'in', viaIds).execute()).map((u) => [u.id, u.username]),
        );
  for (const r of reach.values()) {
    const a = assignedOf.get(r.deviceId);
    out.set(r.deviceId, {
      how: r.how,
      via: r.viaUserId === null ? null : (names.get(r.viaUserId) ?? null),
      canSwitch: r.canSwitch || changesAll(auth),
      data: r.data,
      assignedBy: a?.username ?? null,
      hidden: a?.show_value === 0,
    });
  }
  if (seesAll(auth)) {
    const all = changesAll(auth);
    for (const id of deviceIds) {
      if (!out.has(id)) out.set(id, { how: 'admin', via: null, canSwitch: all, data: true, assignedBy: null, hidden: false });
    }
  }
  return out;
}

/** A device's reach from `describeReach`; a device just lost between the list query and this read has none. */
export function reachOrNone(reach: Map<number, DeviceReach>, id: number): DeviceReach {
  return reach.get(id) ?? { how: 'owner', via: null, canSwitch: false, data: false, assignedBy: null, hidden: false };
}
