import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { FaultRecordsTable } from '../db/schema.js';

/** The fault records ingest opens and closes (conditions.ts), and reads open at start (registry.ts). */

export function openFaultRecords(db: Db, devices?: readonly number[]) {
  let q = db.selectFrom('fault_records').select(['id', 'device_id', 'kind', 'register', 'bit']).where('ended_at', 'is', null);
  if (devices) q = q.where('device_id', 'in', devices);
  return q.execute();
}

export async function openFaultRecord(db: Db, row: Insertable<FaultRecordsTable>): Promise<number> {
  const inserted = await db.insertInto('fault_records').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function closeFaultRecord(db: Db, id: number, endedAt: number): Promise<void> {
  await db.updateTable('fault_records').set({ ended_at: endedAt }).where('id', '=', id).execute();
}

/** Closes a device's open record of a bit (one another instance opened, whose id this one never knew). */
export async function closeOpenFaultRecord(db: Db, deviceId: number, register: number, bit: number, endedAt: number): Promise<void> {
  await db
    .updateTable('fault_records')
    .set({ ended_at: endedAt })
    .where('device_id', '=', deviceId)
    .where('register', '=', register)
    .where('bit', '=', bit)
    .where('ended_at', 'is', null)
    .execute();
}
