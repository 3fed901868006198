import type { Db } from '../../db/database.js';

/**
 * The CK groups the demo accounts use (README "Demo accounts"; docs/people.md "CK groups"), with their companies, so a
 * fresh demo install shows them on /device-type/CK-config. None limits the types of its boxes' devices.
 */
export const DEMO_CKS: ReadonlyArray<{ ck: string; company: string }> = [
  { ck: '1333', company: 'Demo Compressor Works (CK factory)' },
  { ck: '1122', company: 'Demo Blower Co.' },
  { ck: '2001', company: 'Demo Distribution Ltd.' },
];

/** Adds the demo CK codes that are missing. */
export async function seedDemoCks(db: Db, now: number): Promise<void> {
  await db
    .insertInto('ck_codes')
    .values(DEMO_CKS.map((c) => ({ ck: c.ck, company: c.company, created_at: now, updated_at: now, updated_by: null })))
    .onConflict((oc) => oc.column('ck').doNothing())
    .execute();
}
