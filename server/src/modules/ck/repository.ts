import type { Kysely, Transaction } from 'kysely';
import { chunks } from '../../db/chunks.js';
import type { BoxCkSource } from '@dms/contract';
import type { CkCodeRow, Database } from '../../db/schema.js';
import { boxIdPrefixRanges } from '../devices/repository.js';
import { liveBox } from '../../access/index.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Configures the codes that are not yet, without a company (a box registered, or a user made, with a new code): the CK
 * page lists every code that something carries, and root names its company there.
 */
export async function ensureCks(db: Executor, cks: Iterable<string>, by: string, now: number): Promise<void> {
  for (const ck of new Set(cks))
    await db
      .insertInto('ck_codes')
      .values({ ck, company: '', created_at: now, updated_at: now, updated_by: by })
      .onConflict((oc) => oc.column('ck').doNothing())
      .execute();
}

export function allCks(db: Executor): Promise<CkCodeRow[]> {
  return db.selectFrom('ck_codes').selectAll().orderBy('ck').execute();
}

export function findCk(db: Executor, ck: string): Promise<CkCodeRow | undefined> {
  return db.selectFrom('ck_codes').selectAll().where('ck', '=', ck).executeTakeFirst();
}

/** How many rows of a table carry each CK (boxes, users). */
export async function countsByCk(db: Executor, table: 'boxes' | 'users', cks?: readonly string[]): Promise<Map<string, number>> {
  let query = db
    .selectFrom(table)
    .select(['ck', (eb) => eb.fn.countAll<number>().as('n')])
    .where('ck', 'is not', null)
    .groupBy('ck');
  if (cks) query = query.where('ck', 'in', cks.length > 0 ? cks : ['']);
  const rows = await query.execute();
  return new Map(rows.flatMap((r) => (r.ck === null ? [] : [[r.ck, r.n] as const])));
}

/** The types each of these CKs names, with their code and name, by CK. */
export async function typesByCk(
  db: Executor,
  cks: readonly string[],
): Promise<Map<string, Array<{ id: number; code: string; name: string }>>> {
  if (cks.length === 0) return new Map();
  const rows = await db
    .selectFrom('ck_types as k')
    .innerJoin('controller_types as t', 't.id', 'k.type_id')
    .select(['k.ck', 't.id', 't.code', 't.name'])
    .where('k.ck', 'in', cks)
    .orderBy('t.code')
    .execute();
  const out = new Map<string, Array<{ id: number; code: string; name: string }>>();
  for (const r of rows) {
    let list = out.get(r.ck);
    if (!list) out.set(r.ck, (list = []));
    list.push({ id: r.id, code: r.code, name: r.name });
  }
  return out;
}

/** Devices without a type whose box carries one of these CKs: the candidates for "refused by its CK". */
export async function typelessOnCkBoxes(db: Executor, cks: readonly string[]) {
  if (cks.length === 0) return [];
  return db
    .selectFrom('devices as d')
    .innerJoin('boxes as b', 'b.box_id', 'd.box_id')
    .select(['d.type_code', 'b.ck'])
    .where('d.type_id', 'is', null)
    .where('d.type_code', 'is not', null)
    .where('b.ck', 'in', cks)
    .execute();
}

export async function setCkTypes(db: Executor, ck: string, typeIds: readonly number[]): Promise<void> {
  await db.deleteFrom('ck_types').where('ck', '=', ck).execute();
  if (typeIds.length > 0)
    await db
      .insertInto('ck_types')
      .values(typeIds.map((type_id) => ({ ck, type_id })))
      .execute();
}

export async function countMappings(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('ck_types')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Replaces every mapping: each of `cks` gets each of `typeIds`. */
export async function replaceAllMappings(db: Executor, cks: readonly string[], typeIds: readonly number[]): Promise<void> {
  await db.deleteFrom('ck_types').execute();
  const rows = cks.flatMap((ck) => typeIds.map((type_id) => ({ ck, type_id })));
  for (const part of chunks(rows, 400)) await db.insertInto('ck_types').values(part).execute();
}

/** The ids among `ids` that are controller types. */
export async function existingTypeIds(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('controller_types').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/* The box-CK table. */

export interface BoxCkFilter {
  q?: string | undefined;
  ck?: string | undefined;
}

function boxesWithCk(db: Executor, { q, ck }: BoxCkFilter) {
  let query = db.selectFrom('boxes as b').leftJoin('ck_codes as c', 'c.ck', 'b.ck').where('b.ck', 'is not', null).where(liveBox);
  if (ck) query = query.where('b.ck', '=', ck);
  if (q) {
    const ranges = boxIdPrefixRanges(q);
    query = query.where((eb) =>
      ranges.length > 0 ? eb.or(ranges.map(([low, high]) => eb.between('b.box_id', low, high))) : eb.val(false),
    );
  }
  return query;
}

export async function pageBoxCks(db: Executor, filter: BoxCkFilter, offset: number, limit: number) {
  const [count, rows] = await Promise.all([
    boxesWithCk(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    boxesWithCk(db, filter)
      .select(['b.box_id', 'b.ck', 'b.ck_set_at', 'b.company_name', 'c.company'])
      .orderBy('b.box_id')
      .offset(offset)
      .limit(limit)
      .execute(),
  ]);
  return { total: count.n, rows };
}

/** The CK each of these boxes carries now; a box that does not exist is absent. */
export async function boxCks(db: Executor, boxIds: readonly number[]): Promise<Map<number, string | null>> {
  const out = new Map<number, string | null>();
  for (const part of chunks([...new Set(boxIds)])) {
    const rows = await db.selectFrom('boxes').select(['box_id', 'ck']).where('box_id', 'in', part).execute();
    for (const r of rows) out.set(r.box_id, r.ck);
  }
  return out;
}

export interface BoxCkMove {
  boxId: number;
  from: string | null;
  to: string | null;
}

/** Gives boxes their new CK (set now, or cleared) and writes each change to the history. */
export async function moveBoxCks(
  db: Executor,
  moves: readonly BoxCkMove[],
  at: number,
  by: string | null,
  source: BoxCkSource,
): Promise<void> {
  const byTarget = new Map<string | null, number[]>();
  for (const m of moves) {
    let ids = byTarget.get(m.to);
    if (!ids) byTarget.set(m.to, (ids = []));
    ids.push(m.boxId);
  }
  for (const [ck, ids] of byTarget)
    for (const part of chunks(ids))
      await db
        .updateTable('boxes')
        .set({ ck, ck_set_at: ck === null ? null : at })
        .where('box_id', 'in', part)
        .execute();
  for (const part of chunks(moves, 200))
    await db
      .insertInto('box_ck_changes')
      .values(part.map((m) => ({ box_id: m.boxId, old_ck: m.from, new_ck: m.to, at, by, source })))
      .execute();
}

export async function pageBoxCkChanges(db: Executor, boxId: number | undefined, offset: number, limit: number) {
  let base = db.selectFrom('box_ck_changes');
  if (boxId !== undefined) base = base.where('box_id', '=', boxId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
  ]);
  return { total: count.n, rows };
}
