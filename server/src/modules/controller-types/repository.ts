import type { Kysely, Transaction } from 'kysely';
import type { ControllerRegisterRow, ControllerTypeRow, Database } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export function listTypes(db: Executor): Promise<Array<ControllerTypeRow & { register_count: number }>> {
  return db
    .selectFrom('controller_types as t')
    .leftJoin('controller_registers as r', 'r.type_id', 't.id')
    .selectAll('t')
    .select((eb) => eb.fn.count<number>('r.number').as('register_count'))
    .groupBy(['t.id', 't.code', 't.kind', 't.name', 't.builtin', 't.created_at', 't.updated_at'])
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

export async function updateType(db: Executor, id: number, change: Pick<ControllerTypeRow, 'kind' | 'name' | 'updated_at'>): Promise<void> {
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
