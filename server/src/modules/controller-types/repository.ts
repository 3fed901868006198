import { RESERVED_CHART_KINDS, type ChartDefinitionKind } from '@dms/contract';
import type { Kysely, Transaction } from 'kysely';
import type { ControllerRegisterRow, ControllerTypeRow, ControllerTypeVersionRow, Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export function listTypes(db: Executor): Promise<Array<ControllerTypeRow & { register_count: number }>> {
  return db
    .selectFrom('controller_types as t')
    .leftJoin('controller_registers as r', 'r.type_id', 't.id')
    .selectAll('t')
    .select((eb) => eb.fn.count<number>('r.number').as('register_count'))
    .groupBy(['t.id', 't.code', 't.kind', 't.name', 't.builtin', 't.created_at', 't.updated_at', 't.version', 't.updated_by', 't.charts'])
    .orderBy('t.id')
    .execute();
}

export function findType(db: Executor, id: number): Promise<ControllerTypeRow | undefined> {
  return db.selectFrom('controller_types').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findTypeByCode(db: Executor, code: string): Promise<ControllerTypeRow | undefined> {
  return db.selectFrom('controller_types').selectAll().where('code', '=', code).executeTakeFirst();
}

export function registersOf(db: Executor, typeId: number): Promise<ControllerRegisterRow[]> {
  return db.selectFrom('controller_registers').selectAll().where('type_id', '=', typeId).orderBy('number').execute();
}

export async function insertType(db: Executor, row: Omit<ControllerTypeRow, 'id'>): Promise<number> {
  const inserted = await db.insertInto('controller_types').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateType(
  db: Executor,
  id: number,
  change: Pick<ControllerTypeRow, 'kind' | 'name' | 'updated_at' | 'version' | 'updated_by'>,
): Promise<void> {
  await db.updateTable('controller_types').set(change).where('id', '=', id).execute();
}

/** Replaces a type's whole register map. */
export async function replaceRegisters(db: Executor, typeId: number, rows: ControllerRegisterRow[]): Promise<void> {
  await db.deleteFrom('controller_registers').where('type_id', '=', typeId).execute();
  // Chunks keep each statement well under SQLite's and PostgreSQL's parameter limits.
  for (let i = 0; i < rows.length; i += 50)
    await db
      .insertInto('controller_registers')
      .values(rows.slice(i, i + 50))
      .execute();
}

/** How many devices use each type (of `typeId` only, when given). */
export async function deviceCounts(db: Executor, typeId?: number): Promise<Map<number, number>> {
  let query = db
    .selectFrom('devices')
    .select(['type_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('type_id', 'is not', null)
    .groupBy('type_id');
  if (typeId !== undefined) query = query.where('type_id', '=', typeId);
  const rows = await query.execute();
  return new Map(rows.flatMap((r) => (r.type_id === null ? [] : [[r.type_id, r.n] as const])));
}

/**
 * Keeps the type's map as it now stands as `version` (its kind, name and register rows), saved by `by` at `at`; the
 * rows are read again unless the caller has them.
 */
export async function insertVersion(
  db: Executor,
  typeId: number,
  version: number,
  by: string | null,
  at: number,
  rows?: readonly ControllerRegisterRow[],
): Promise<void> {
  const type = await db.selectFrom('controller_types').select(['kind', 'name']).where('id', '=', typeId).executeTakeFirstOrThrow();
  const registers = (rows ?? (await registersOf(db, typeId))).map(({ type_id: _typeId, ...rest }) => rest);
  await db
    .insertInto('controller_type_versions')
    .values({
      type_id: typeId,
      version,
      kind: type.kind,
      name: type.name,
      registers: JSON.stringify(registers),
      created_at: at,
      created_by: by,
    })
    .execute();
}

/** Drops the permission template rights that name these registers of a type (registers a new version removed). */
export async function dropTemplateRights(db: Executor, typeId: number, registers: readonly number[]): Promise<void> {
  if (registers.length === 0) return;
  await db.deleteFrom('permission_template_rights').where('type_id', '=', typeId).where('register_number', 'in', registers).execute();
}

/** Every saved version of a type, newest first. */
export function versionsOf(db: Executor, typeId: number): Promise<ControllerTypeVersionRow[]> {
  return db.selectFrom('controller_type_versions').selectAll().where('type_id', '=', typeId).orderBy('version', 'desc').execute();
}

/** The numbers of a type's saved versions, newest first, without reading their maps. */
export async function versionNumbersOf(db: Executor, typeId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('controller_type_versions')
    .select('version')
    .where('type_id', '=', typeId)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((r) => r.version);
}

/** One saved version of a type, undefined when it has no such version. */
export function versionOf(db: Executor, typeId: number, version: number): Promise<ControllerTypeVersionRow | undefined> {
  return db
    .selectFrom('controller_type_versions')
    .selectAll()
    .where('type_id', '=', typeId)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** The stored charts of these types (null: their kind's defaults), by type id. */
export async function chartsOf(db: Executor, typeIds: readonly number[]): Promise<Map<number, string | null>> {
  if (typeIds.length === 0) return new Map();
  const rows = await db.selectFrom('controller_types').select(['id', 'charts']).where('id', 'in', typeIds).execute();
  return new Map(rows.map((r) => [r.id, r.charts]));
}

/** The charts of chart management each type's device pages show, in order. */
export async function definitionsShown(
  db: Executor,
  typeIds: readonly number[],
): Promise<Map<number, Array<{ id: number; kind: ChartDefinitionKind; name: string }>>> {
  const out = new Map<number, Array<{ id: number; kind: ChartDefinitionKind; name: string }>>();
  if (typeIds.length === 0) return out;
  const rows = await db
    .selectFrom('type_chart_definitions as u')
    .innerJoin('chart_definitions as c', 'c.id', 'u.chart_id')
    .select(['u.type_id', 'c.id', 'c.kind', 'c.name'])
    .where('u.type_id', 'in', [...typeIds])
    .orderBy('u.position')
    .execute();
  for (const r of rows) {
    const kind = RESERVED_CHART_KINDS.find((k) => k === r.kind);
    if (kind) out.set(r.type_id, [...(out.get(r.type_id) ?? []), { id: r.id, kind, name: r.name }]);
  }
  return out;
}
