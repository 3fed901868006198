import type { Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import type { DevicesTable, UserRow } from '../db/schema.js';
import { moveBoxCks } from '../modules/ck/repository.js';

export function usersNamed(db: Db, usernames: string[]): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('username', 'in', usernames).execute();
}

/** The devices of boxes first..last, with their controller type: the base of the two reads below. */
function devicesBetween(db: Db, first: number, last: number) {
  return db
    .selectFrom('devices')
    .select(['id', 'box_id', 'controller', 'type_code', 'owner_id'])
    .where('box_id', '>=', first)
    .where('box_id', '<=', last);
}

/** Devices of boxes first..last that nobody has filled in (no station number, no province). */
export function unfilledDevices(db: Db, first: number, last: number) {
  return devicesBetween(db, first, last).where('station_no', '=', '').where('province', '=', '').execute();
}

export async function updateDeviceFields(db: Db, id: number, fields: Updateable<DevicesTable>): Promise<void> {
  await db.updateTable('devices').set(fields).where('id', '=', id).execute();
}

/** An empty IoT card field of the devices of boxes first..last takes its box's ICCID (or stays '' while unknown). */
export async function fillIotCards(db: Db, first: number, last: number): Promise<void> {
  await db
    .updateTable('devices')
    .set((eb) => ({
      iot_card: eb
        .selectFrom('boxes')
        .select((b) => b.fn.coalesce('boxes.iccid', b.val('')).as('iccid'))
        .whereRef('boxes.box_id', '=', 'devices.box_id'),
    }))
    .where('box_id', '>=', first)
    .where('box_id', '<=', last)
    .where('iot_card', '=', '')
    .execute();
}

/** The devices of boxes first..last, with their controller type, by box and controller. */
export function devicesOfBoxes(db: Db, first: number, last: number) {
  return devicesBetween(db, first, last).orderBy('box_id').orderBy('controller').execute();
}

/** Boxes first..last carry a CK code from now on, written to the box-CK history as the demo set-up's; answers them. */
export async function setBoxesCk(db: Db, first: number, last: number, ck: string, now: number): Promise<number[]> {
  const boxes = await db.selectFrom('boxes').select(['box_id', 'ck']).where('box_id', '>=', first).where('box_id', '<=', last).execute();
  await moveBoxCks(
    db,
    boxes.map((b) => ({ boxId: b.box_id, from: b.ck, to: ck })),
    now,
    null,
    'demo',
  );
  return boxes.map((b) => b.box_id);
}

/** Assignments as /user_register/assign_device writes them: the assignee becomes the owner, the link records who gave it. */
export async function assignDevices(
  db: Db,
  links: ReadonlyArray<{ deviceId: number; from: number; to: number; hidden: boolean }>,
  now: number,
): Promise<void> {
  for (const l of links) {
    await db.updateTable('devices').set({ owner_id: l.to }).where('id', '=', l.deviceId).execute();
    await db
      .insertInto('device_links')
      .values({
        device_id: l.deviceId,
        kind: 'assigned',
        user_id: l.to,
        source_user_id: l.from,
        can_switch: 0,
        show_value: l.hidden ? 0 : 1,
        created_at: now,
        recalled_at: null,
      })
      .execute();
  }
}

/** Shares to a helper as /user_register/share_device writes them. */
export async function shareDevices(
  db: Db,
  links: ReadonlyArray<{ deviceId: number; from: number; to: number; canSwitch: boolean }>,
  now: number,
): Promise<void> {
  if (links.length === 0) return;
  await db
    .insertInto('device_links')
    .values(
      links.map((l) => ({
        device_id: l.deviceId,
        kind: 'helper' as const,
        user_id: l.to,
        source_user_id: l.from,
        can_switch: l.canSwitch ? 1 : 0,
        show_value: 1,
        created_at: now,
        recalled_at: null,
      })),
    )
    .execute();
}

/** The ICCIDs the boxes first..last reported, by box. */
export async function boxIccids(db: Db, first: number, last: number): Promise<Array<{ boxId: number; iccid: string }>> {
  const rows = await db
    .selectFrom('boxes')
    .select(['box_id', 'iccid'])
    .where('box_id', '>=', first)
    .where('box_id', '<=', last)
    .where('iccid', 'is not', null)
    .orderBy('box_id')
    .execute();
  return rows.flatMap((r) => (r.iccid ? [{ boxId: r.box_id, iccid: r.iccid }] : []));
}
