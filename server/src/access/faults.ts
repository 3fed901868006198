import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database.js';
import type { AuthContext } from '../types.js';
import { deviceScope } from './rule.js';
import { registerRights, type RegisterRights } from './template-rights.js';

/**
 * Who sees which fault records (docs/people.md "Fault records"): a fault or alert is data of its device, decoded from
 * one of its registers. A user sees it only when they read the device's data (reached, and not hidden from them by an
 * assignee below) and their permission template lets them read that register. The same rule for every path that
 * carries faults: lists and pages (`activeFaults`), fault records, summaries and their counts, feeds, exports and
 * live events.
 */
export interface FaultLens {
  /** null: every device's data (root, admin, limited_admin); else the user whose `device_reach` rows decide. */
  userId: number | null;
  rights: RegisterRights;
}

/** The fault lens of a signed-in user. */
export async function faultLens(db: Db, auth: AuthContext): Promise<FaultLens> {
  return { userId: deviceScope(auth), rights: await registerRights(db, auth) };
}

/**
 * The lens as a condition on a query that names the fault record `f` (fault_records) and its device `d` (devices):
 * only records the user may see. One form for SQLite and PostgreSQL.
 */
export function faultsSeenBy(lens: FaultLens): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [];
  if (lens.userId !== null)
    parts.push(sql`f.device_id in (select r.device_id from device_reach r where r.user_id = ${lens.userId} and r.data = 1)`);
  // Those who see every device see none of a deleted box's (reach has no rows for them: the branch above hides them).
  else parts.push(sql`d.box_id not in (select x.box_id from box_deletions x)`);
  const { byDefault, except } = lens.rights.reads;
  if (except.length === 0) {
    if (!byDefault) parts.push(sql`1 = 0`);
  } else {
    const byType = new Map<number, number[]>();
    for (const [typeId, register] of except) byType.set(typeId, [...(byType.get(typeId) ?? []), register]);
    const named = sql.join(
      [...byType].map(([typeId, registers]) => sql`(coalesce(d.type_id, 0) = ${typeId} and f.register in (${sql.join(registers)}))`),
      sql` or `,
    );
    parts.push(byDefault ? sql`not (${named})` : sql`(${named})`);
  }
  return parts.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** Whether the lens shows a fault decoded from this register of a device whose data the user reads. */
export function showsRegister(lens: FaultLens, typeId: number | null, register: number): boolean {
  return lens.rights.canRead(typeId, register);
}
