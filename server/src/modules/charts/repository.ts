import type { Db } from '../../db/database.js';
import { contains } from '../../db/search.js';

/** The charts matching a list's filter, with their type's name. */
export function chartsQuery(db: Db, f: { kind?: string | undefined; q?: string | undefined; typeId?: number | undefined }) {
  let q = db.selectFrom('chart_definitions as c').leftJoin('controller_types as t', 't.id', 'c.type_id');
  if (f.kind !== undefined) q = q.where('c.kind', '=', f.kind);
  if (f.q) q = q.where(contains('c.name', f.q));
  if (f.typeId !== undefined) q = q.where('c.type_id', '=', f.typeId);
  return q;
}

export function findChart(db: Db, id: number) {
  return db.selectFrom('chart_definitions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function chartNamed(db: Db, name: string) {
  return db.selectFrom('chart_definitions').select('id').where('name', '=', name).executeTakeFirst();
}

/** The types that show each of `ids` on their devices' pages. */
export async function usesOf(db: Db, ids: readonly number[]): Promise<Map<number, Array<{ typeId: number; name: string }>>> {
  const out = new Map<number, Array<{ typeId: number; name: string }>>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('type_chart_definitions as u')
    .innerJoin('controller_types as t', 't.id', 'u.type_id')
    .select(['u.chart_id', 'u.type_id', 't.name'])
    .where('u.chart_id', 'in', [...ids])
    .orderBy('t.code')
    .execute();
  for (const r of rows) out.set(r.chart_id, [...(out.get(r.chart_id) ?? []), { typeId: r.type_id, name: r.name }]);
  return out;
}

/** The charts a type's device pages show, in their order. */
export function chartsShownBy(db: Db, typeId: number) {
  return db
    .selectFrom('type_chart_definitions as u')
    .innerJoin('chart_definitions as c', 'c.id', 'u.chart_id')
    .selectAll('c')
    .where('u.type_id', '=', typeId)
    .orderBy('u.position')
    .execute();
}
