import { Code, localizedText, type RelationPage, type RelationRow, type relationListQuery, type UnmappedCode } from '@dms/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../events/bus.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findType } from './repository.js';
import { retype } from './typing.js';

/** Most unmapped codes listed (the fleet's most reported first). */
const MAX_UNMAPPED = 200;

/**
 * Model-code relations (/device-type/relation, docs/api.md): which type a code that boxes report stands for. A save or
 * a removal gives the devices reporting the code their type in the same transaction (typing.ts: a box's CK may limit
 * it), goes to the operation log and
 * out on the bus (`typeChanged`), on which ingest resolves its devices' types again, so boxes need no restart.
 */
export class RelationService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly bus: EventBus,
    private readonly audit: Audit,
  ) {}

  /** The relations, searched in the model code and the type's code and names, by model code (few: the fleet's models). */
  async page({ q, page, page_size }: z.output<typeof relationListQuery>): Promise<RelationPage> {
    const rows = await this.db
      .selectFrom('type_relations as r')
      .innerJoin('controller_types as t', 't.id', 'r.type_id')
      .select(['r.model_code', 'r.type_id', 'r.updated_at', 'r.updated_by', 't.code', 't.name'])
      .select((eb) =>
        eb
          .selectFrom('devices as d')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('d.type_code', '=', 'r.model_code')
          .as('devices'),
      )
      .orderBy('r.model_code')
      .execute();
    const all: RelationRow[] = rows.map((r) => ({
      modelCode: r.model_code,
      typeId: r.type_id,
      typeCode: r.code,
      typeName: localizedText.parse(JSON.parse(r.name)),
      devices: r.devices ?? 0,
      updatedAt: r.updated_at,
      updatedBy: r.updated_by,
    }));
    const needle = q?.toLowerCase();
    const found = needle
      ? all.filter((r) => [r.modelCode, r.typeCode, ...Object.values(r.typeName)].some((text) => text.toLowerCase().includes(needle)))
      : all;
    return { total: found.length, items: found.slice((page - 1) * page_size, page * page_size) };
  }

  /** Codes devices report that give them no type (no relation, no type of that code), most reported first. */
  async unmapped(): Promise<UnmappedCode[]> {
    const rows = await this.db
      .selectFrom('devices')
      .select(['type_code', (eb) => eb.fn.countAll<number>().as('n')])
      .where('type_id', 'is', null)
      .where('type_code', 'is not', null)
      // A code that stands for a type is mapped; its devices are typeless only because their box's CK refuses it.
      .where('type_code', 'not in', (eb) => eb.selectFrom('type_relations').select('model_code'))
      .where('type_code', 'not in', (eb) => eb.selectFrom('controller_types').select('code'))
      .groupBy('type_code')
      .orderBy('n', 'desc')
      .orderBy('type_code')
      .limit(MAX_UNMAPPED)
      .execute();
    return rows.flatMap((r) => (r.type_code === null ? [] : [{ modelCode: r.type_code, devices: r.n }]));
  }

  /** Maps `modelCode` to `typeId`; the devices reporting it take the type. Answers how many they are. */
  async save(auth: AuthContext, modelCode: string, typeId: number, ip: string): Promise<{ devices: number }> {
    const done = await this.db.transaction().execute(async (trx) => {
      const type = await findType(trx, typeId);
      if (!type) throw new AppError(Code.VALIDATION_FAILED, 'error.relationTypeUnknown');
      const before = await trx
        .selectFrom('type_relations as r')
        .innerJoin('controller_types as t', 't.id', 'r.type_id')
        .select('t.code')
        .where('r.model_code', '=', modelCode)
        .executeTakeFirst();
      const row = { type_id: typeId, updated_at: this.now(), updated_by: auth.user.username };
      await trx
        .insertInto('type_relations')
        .values({ model_code: modelCode, ...row })
        .onConflict((oc) => oc.column('model_code').doUpdateSet(row))
        .execute();
      await retype(trx, { modelCode });
      return { type, before: before?.code ?? null, devices: await reporting(trx, modelCode, typeId) };
    });
    await this.audit.record({
      user: auth.user,
      action: 'relation.save',
      target: modelCode,
      oldValue: done.before,
      newValue: `${done.type.code}, ${done.devices} device(s)`,
      outcome: 'ok',
      ip,
    });
    this.bus.publish('typeChanged', { typeId });
    return { devices: done.devices };
  }

  /** Removes the relation of `modelCode`: its devices fall back to the type of that code, or none. */
  async remove(auth: AuthContext, modelCode: string, ip: string): Promise<{ devices: number }> {
    const done = await this.db.transaction().execute(async (trx) => {
      const relation = await trx
        .selectFrom('type_relations as r')
        .innerJoin('controller_types as t', 't.id', 'r.type_id')
        .select(['r.type_id', 't.code'])
        .where('r.model_code', '=', modelCode)
        .executeTakeFirst();
      if (!relation) throw new AppError(Code.NOT_FOUND, 'error.relationNotFound', { code: modelCode });
      await trx.deleteFrom('type_relations').where('model_code', '=', modelCode).execute();
      await retype(trx, { modelCode });
      return { relation, devices: await reporting(trx, modelCode) };
    });
    await this.audit.record({
      user: auth.user,
      action: 'relation.delete',
      target: modelCode,
      oldValue: `${done.relation.code}, ${done.devices} device(s)`,
      outcome: 'ok',
      ip,
    });
    this.bus.publish('typeChanged', { typeId: done.relation.type_id });
    return { devices: done.devices };
  }
}

/** How many devices report `modelCode` (with type `typeId`, when given: those a CK's limit did not refuse). */
async function reporting(trx: Transaction<Database>, modelCode: string, typeId?: number): Promise<number> {
  let query = trx
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('type_code', '=', modelCode);
  if (typeId !== undefined) query = query.where('type_id', '=', typeId);
  return (await query.executeTakeFirstOrThrow()).n;
}
