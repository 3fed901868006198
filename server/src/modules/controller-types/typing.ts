import type { Kysely, Transaction } from 'kysely';
import { chunks } from '../../db/chunks.js';
import type { Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * What decides the controller type of a device (docs/api.md "Controller types"): the model code its box reports
 * stands for the type its relation names (/device-type/relation), else the type of that code; and when the box carries
 * a CK code that root limited to some types (/device-type/CK-config/model/{ck}), a type outside them is no type.
 * Ingest resolves live devices with these rules in memory; `retype` writes the same answer to the stored devices.
 */
export interface TypeRules {
  /** Model code → type id (relations). */
  relations: ReadonlyMap<string, number>;
  /** Type code → type id. */
  codes: ReadonlyMap<string, number>;
  /** CK code → the type ids its boxes' devices may take; a CK that is not here limits nothing. */
  ckTypes: ReadonlyMap<string, ReadonlySet<number>>;
}

/** The type a model code stands for, before any CK's limit. */
export function typeOfCode(rules: TypeRules, modelCode: string | null): number | null {
  if (modelCode === null) return null;
  return rules.relations.get(modelCode) ?? rules.codes.get(modelCode) ?? null;
}

/** Whether a box's CK lets its devices take this type. */
export function ckAllows(rules: TypeRules, ck: string | null, typeId: number): boolean {
  const allowed = ck === null ? undefined : rules.ckTypes.get(ck);
  return allowed === undefined || allowed.has(typeId);
}

/** The type of a device that reports `modelCode` on a box carrying `ck`. */
export function typeIdFor(rules: TypeRules, modelCode: string | null, ck: string | null): number | null {
  const typeId = typeOfCode(rules, modelCode);
  return typeId !== null && ckAllows(rules, ck, typeId) ? typeId : null;
}

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
