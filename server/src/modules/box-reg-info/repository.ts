import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import { contains } from '../../db/search.js';
import type { BoxesTable } from '../../db/schema.js';
import { ensureCks } from '../ck/repository.js';
import { ensureBoxType } from '../smartbox/box-types.js';
import { liveBox } from '../../access/index.js';

export function registeredAmong(db: Db, start: number, end: number) {
  return db.selectFrom('boxes').select('box_id').where('box_id', '>=', start).where('box_id', '<=', end).orderBy('box_id').execute();
}

/**
 * Inserts the boxes; those that carry a CK start its box-CK history (`register`), and a CK not configured yet is
 * added, without a company, so /device-type/CK-config lists every code that boxes carry.
 */
export async function insertBoxes(db: Db, rows: Insertable<BoxesTable>[], by: string, now: number, server: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 200) {
      const chunk = rows.slice(i, i + 200);
      await trx.insertInto('boxes').values(chunk).execute();
      // The address each box is told with its credentials (spec 3 "Box server IP"; /smartbox/box-address).
      await trx
        .insertInto('box_server_ips')
        .values(chunk.map((r) => ({ box_id: r.box_id, address: server, added_at: now, updated_at: now })))
        .execute();
    }
    // Every box's type is a row of box_types (/smartbox/config): a type named here for the first time is added.
    for (const type of new Set(rows.map((r) => r.box_type))) await ensureBoxType(trx, type, now);
    const withCk = rows.flatMap((r) => (r.ck ? [{ boxId: r.box_id, ck: r.ck }] : []));
    await ensureCks(
      trx,
      withCk.map((r) => r.ck),
      by,
      now,
    );
    for (let i = 0; i < withCk.length; i += 200)
      await trx
        .insertInto('box_ck_changes')
        .values(withCk.slice(i, i + 200).map((r) => ({ box_id: r.boxId, old_ck: null, new_ck: r.ck, at: now, by, source: 'register' })))
        .execute();
  });
}

export interface BoxRegFilter {
  boxId?: number;
  username?: string;
  companyName?: string;
  boxType?: string;
  offset: number;
  limit: number;
}

function filtered(db: Db, f: BoxRegFilter) {
  let q = db
    .selectFrom('boxes as b')
    .innerJoin('users as u', 'u.id', 'b.owner_id')
    .innerJoin('users as r', 'r.id', 'b.registered_by')
    .where(liveBox);
  if (f.boxId !== undefined) q = q.where('b.box_id', '=', f.boxId);
  if (f.username) q = q.where(contains('u.username', f.username));
  if (f.companyName) q = q.where(contains('b.company_name', f.companyName));
  if (f.boxType) q = q.where('b.box_type', '=', f.boxType);
  return q;
}

export async function listBoxes(db: Db, f: BoxRegFilter) {
  const { total } = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const items = await filtered(db, f)
    .select((eb) => [
      'b.box_id',
      'b.owner_id',
      'u.username as owner',
      'b.box_type',
      'b.contact',
      'b.company_name',
      'b.ck',
      'b.push_warning',
      'b.push_fault',
      'b.push_normal',
      'b.registered_at',
      'r.username as registered_by',
      'b.online',
      'b.last_seen',
      'b.ip',
      eb
        .selectFrom('devices as d')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('d.box_id', '=', 'b.box_id')
        .as('devices'),
    ])
    .orderBy('b.registered_at', 'desc')
    .orderBy('b.box_id')
    .offset(f.offset)
    .limit(f.limit)
    .execute();
  return { total, items };
}

export function boxLinks(db: Db, boxId: number) {
  return db
    .selectFrom('devices as d')
    .innerJoin('users as o', 'o.id', 'd.owner_id')
    .leftJoin('device_links as l', (j) => j.onRef('l.device_id', '=', 'd.id').on('l.recalled_at', 'is', null))
    .leftJoin('users as lu', 'lu.id', 'l.user_id')
    .leftJoin('users as ls', 'ls.id', 'l.source_user_id')
    .select([
      'd.id as device_id',
      'd.controller',
      'd.created_at',
      'o.username as owner',
      'l.kind',
      'l.can_switch',
      'l.show_value',
      'l.created_at as linked_at',
      'lu.username as sharee',
      'ls.username as source',
    ])
    .where('d.box_id', '=', boxId)
    .orderBy('d.controller')
    .execute();
}

/** The box types (the release's, root's and every type registered), A to Z. */
export async function boxTypes(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('box_types').select('code').orderBy('code').limit(500).execute();
  return rows.map((r) => r.code);
}

export function userOptions(db: Db, q: string) {
  let query = db.selectFrom('users').select(['id', 'username', 'roles']).where('disabled', '=', 0);
  if (q) query = query.where(contains('username', q));
  return query.orderBy('username').limit(50).execute();
}

export function findUser(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'username']).where('id', '=', id).where('disabled', '=', 0).executeTakeFirst();
}

/** A registered box's descriptive fields as batch-modify-box sets them (its CK code is the box-CK service's). */
export type BoxFieldValues = Partial<
  Pick<BoxesTable, 'company_name' | 'contact' | 'box_type' | 'push_warning' | 'push_fault' | 'push_normal'>
>;

export async function setBoxFields(db: Db, boxId: number, values: BoxFieldValues): Promise<void> {
  await db.updateTable('boxes').set(values).where('box_id', '=', boxId).execute();
}
