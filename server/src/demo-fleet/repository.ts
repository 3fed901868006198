import type { Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import type { DevicesTable, UserRow } from '../db/schema.js';

export function usersNamed(db: Db, usernames: string[]): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('username', 'in', usernames).execute();
}

/** The devices of boxes first..last, with their controller type: the base of the two reads below. */
function devicesBetween(db: Db, first: number, last: number) {
  return db
    .selectFrom('devices')
    .select(['id', 'box_id', 'controller', 'type_code'])
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
