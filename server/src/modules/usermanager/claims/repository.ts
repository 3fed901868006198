import { liveBox } from '../../../access/index.js';
import type { Db } from '../../../db/database.js';

export function findBox(db: Db, boxId: number) {
  return (
    db
      .selectFrom('boxes as b')
      .innerJoin('users as o', 'o.id', 'b.owner_id')
      .select([
        'b.box_id',
        'b.owner_id',
        'b.ck',
        'b.claim_generation',
        'b.company_name',
        'o.roles as owner_roles',
        'o.ck as owner_ck',
        'o.company as owner_company',
      ])
      .where('b.box_id', '=', boxId)
      // A deleted box (/smartbox/box-delete) cannot be claimed: it is not registered for anyone until restored.
      .where(liveBox)
      .executeTakeFirst()
  );
}

/** Failed claims since `since`: by the user on the box, by the user on any box, by anyone on the box; and the oldest of each. */
export async function failedClaims(db: Db, userId: number, boxId: number, since: number) {
  const rows = await db
    .selectFrom('claim_attempts')
    .select(['user_id', 'box_id', 'time'])
    .where('ok', '=', 0)
    .where('time', '>=', since)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('box_id', '=', boxId)]))
    .execute();
  return {
    userOnBox: rows.filter((r) => r.user_id === userId && r.box_id === boxId).map((r) => r.time),
    user: rows.filter((r) => r.user_id === userId).map((r) => r.time),
    box: rows.filter((r) => r.box_id === boxId).map((r) => r.time),
  };
}

export async function recordClaim(db: Db, userId: number, boxId: number, ok: boolean, now: number): Promise<void> {
  await db
    .insertInto('claim_attempts')
    .values({ user_id: userId, box_id: boxId, ok: ok ? 1 : 0, time: now })
    .execute();
  // The table stays bounded: attempts older than a day count for nothing.
  await db
    .deleteFrom('claim_attempts')
    .where('time', '<', now - 86_400_000)
    .execute();
}

/** Moves a box and its devices to a new owner and ends every link on those devices; answers the devices. */
export async function transferBox(db: Db, boxId: number, ownerId: number, now: number) {
  await db.updateTable('boxes').set({ owner_id: ownerId }).where('box_id', '=', boxId).execute();
  await db.updateTable('devices').set({ owner_id: ownerId }).where('box_id', '=', boxId).execute();
  const devices = await db
    .selectFrom('devices')
    .select(['id', 'controller', 'type_code'])
    .where('box_id', '=', boxId)
    .orderBy('controller')
    .execute();
  if (devices.length > 0) {
    await db
      .updateTable('device_links')
      .set({ recalled_at: now })
      .where(
        'device_id',
        'in',
        devices.map((d) => d.id),
      )
      .where('recalled_at', 'is', null)
      .execute();
  }
  return devices;
}
