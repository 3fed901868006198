import type { Kysely, Transaction } from 'kysely';
import { chunks } from '../../db/chunks.js';
import type { Database } from '../../db/schema.js';
import { typeIdFor, type TypeRules } from '@dms/contract';

type Executor = Kysely<Database> | Transaction<Database>;

/*
 * What decides a device's type (contract controller-types/typing.ts, `typeIdFor`), as stored: loaded for ingest's
 * memory, and written to the stored devices by `retype`.
 */

/** The rules as stored now. */
export async function typeRules(db: Executor): Promise<TypeRules> {
  const [relations, types, ckTypes] = await Promise.all([
    db.selectFrom('type_relations').select(['model_code', 'type_id']).execute(),
    db.selectFrom('controller_types').select(['id', 'code']).execute(),
    db.selectFrom('ck_types').select(['ck', 'type_id']).execute(),
  ]);
  const byCk = new Map<string, Set<number>>();
  for (const r of ckTypes) {
    let set = byCk.get(r.ck);
    if (!set) byCk.set(r.ck, (set = new Set()));
    set.add(r.type_id);
  }
  return {
    relations: new Map(relations.map((r) => [r.model_code, r.type_id])),
    codes: new Map(types.map((t) => [t.code, t.id])),
    ckTypes: byCk,
  };
}

/** Which stored devices `retype` looks at: those reporting a model code, those of boxes carrying a CK, or of boxes. */
export type RetypeScope = { modelCode: string } | { ck: string } | { boxIds: readonly number[] } | 'all';

/**
 * Gives the stored devices in `scope` the type the rules now give them, in the caller's transaction; answers how many
 * changed. The caller publishes its change on the bus, on which ingest resolves its devices again.
 */
export async function retype(db: Executor, scope: RetypeScope): Promise<number> {
  const rules = await typeRules(db);
  const moves = new Map<number | null, number[]>();
  for (const d of await devicesIn(db, scope)) {
    // A device whose box reported no model code keeps the type it was given.
    if (d.type_code === null) continue;
    const typeId = typeIdFor(rules, d.type_code, d.ck ?? null);
    if (typeId === d.type_id) continue;
    let ids = moves.get(typeId);
    if (!ids) moves.set(typeId, (ids = []));
    ids.push(d.id);
  }
  let changed = 0;
  for (const [typeId, ids] of moves)
    for (const part of chunks(ids)) {
      await db.updateTable('devices').set({ type_id: typeId }).where('id', 'in', part).execute();
      changed += part.length;
    }
  return changed;
}

/** The stored devices in `scope`, with the CK of their box. */
async function devicesIn(db: Executor, scope: RetypeScope) {
  const query = db
    .selectFrom('devices as d')
    .leftJoin('boxes as b', 'b.box_id', 'd.box_id')
    .select(['d.id', 'd.type_id', 'd.type_code', 'b.ck']);
  if (scope === 'all') return query.execute();
  if ('modelCode' in scope) return query.where('d.type_code', '=', scope.modelCode).execute();
  if ('ck' in scope) return query.where('b.ck', '=', scope.ck).execute();
  const rows = [];
  for (const part of chunks([...new Set(scope.boxIds)])) rows.push(...(await query.where('d.box_id', 'in', part).execute()));
  return rows;
}
