import {
  chartBody,
  Code,
  message,
  type ChartDefinition,
  type ChartDetail,
  type ChartInput,
  type ChartPage,
  type ControllerTypeDetail,
  type Language,
  type chartListQuery,
} from '@dms/contract';
import type { z } from 'zod';
import { isUniqueViolation, type Db } from '../../db/database.js';
import type { ChartDefinitionRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../events/bus.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import { typeName } from '../events/repository.js';
import * as repo from './repository.js';

const notFound = (id: number) => new AppError(Code.NOT_FOUND, 'error.chartNotFound', { id });
const nameTaken = (name: string) => new AppError(Code.VALIDATION_FAILED, 'error.chartName', { name });

/** What the chart service needs of the controller types. */
export interface ChartTypes {
  get(id: number): Promise<ControllerTypeDetail>;
}

/** The registers a chart reads. */
export function chartRegisters(d: ChartDefinition): number[] {
  switch (d.kind) {
    case 'gauge':
      return [d.register];
    case 'stacked':
      return d.registers;
    case 'stop-status':
      return [...new Set(d.states.map((s) => s.when.register))];
  }
}

/** The types' names, joined for a message (in the caller's language, else English). */
export function typeNames(uses: ReadonlyArray<{ name: string }>, lang: Language): string {
  return uses.map((u) => typeName(u.name)?.[lang] ?? typeName(u.name)?.en ?? '').join(', ');
}

/**
 * Chart management (/chartsManage; docs/charts.md): gauge, stacked and stop-status charts on a type's registers.
 * A chart keeps its kind; it keeps its type while a type shows it (/device-type/chart), and cannot be deleted then.
 * Every change goes to the operation log and out on the bus (`chartsChanged`).
 */
export class ChartService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly bus: EventBus,
    private readonly audit: Audit,
    private readonly types: ChartTypes,
  ) {}

  async page({ page, page_size, ...f }: z.output<typeof chartListQuery>): Promise<ChartPage> {
    const [count, rows] = await Promise.all([
      repo
        .chartsQuery(this.db, f)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
      repo
        .chartsQuery(this.db, f)
        .selectAll('c')
        .select('t.name as type_name')
        .orderBy('c.updated_at', 'desc')
        .orderBy('c.id', 'desc')
        .offset((page - 1) * page_size)
        .limit(page_size)
        .execute(),
    ]);
    const uses = await repo.usesOf(
      this.db,
      rows.map((r) => r.id),
    );
    return { total: Number(count.n), items: rows.map((r) => detail(r, r.type_name, uses.get(r.id) ?? [])) };
  }

  async get(id: number): Promise<ChartDetail> {
    const row = await repo.chartsQuery(this.db, {}).selectAll('c').select('t.name as type_name').where('c.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(id);
    return detail(row, row.type_name, (await repo.usesOf(this.db, [id])).get(id) ?? []);
  }

  async create(auth: AuthContext, body: ChartInput, ip: string): Promise<ChartDetail> {
    await this.check(body);
    const now = this.now();
    const id = await this.db
      .transaction()
      .execute(async (trx) => {
        if (await repo.chartNamed(trx, body.name)) throw nameTaken(body.name);
        const { id } = await trx
          .insertInto('chart_definitions')
          .values({ ...columns(body), created_at: now, updated_at: now, updated_by: auth.user.username })
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      })
      .catch(uniqueName(body.name));
    await this.audit.record({
      user: auth.user,
      action: 'chart.create',
      target: body.name,
      newValue: JSON.stringify(body),
      outcome: 'ok',
      ip,
    });
    this.bus.publish('chartsChanged', { chartId: id });
    return this.get(id);
  }

  async update(auth: AuthContext, id: number, body: ChartInput, ip: string, lang: Language): Promise<ChartDetail> {
    // Its kind and (while shown) its type first, as they stand; again in the transaction that saves.
    const stays = async (db: Db) => {
      const row = await repo.findChart(db, id);
      if (!row) throw notFound(id);
      if (row.kind !== body.definition.kind) throw new AppError(Code.VALIDATION_FAILED, 'error.chartKind');
      const uses = (await repo.usesOf(db, [id])).get(id) ?? [];
      if (row.type_id !== body.typeId && uses.length > 0)
        throw new AppError(Code.VALIDATION_FAILED, 'error.chartTypeInUse', { types: typeNames(uses, lang) });
      return row;
    };
    await stays(this.db);
    await this.check(body);
    const now = this.now();
    const before = await this.db
      .transaction()
      .execute(async (trx) => {
        const row = await stays(trx);
        const named = await repo.chartNamed(trx, body.name);
        if (named && named.id !== id) throw nameTaken(body.name);
        await trx
          .updateTable('chart_definitions')
          .set({ ...columns(body), updated_at: now, updated_by: auth.user.username })
          .where('id', '=', id)
          .execute();
        return row;
      })
      .catch(uniqueName(body.name));
    await this.audit.record({
      user: auth.user,
      action: 'chart.update',
      target: body.name,
      oldValue: before.definition,
      newValue: JSON.stringify(body),
      outcome: 'ok',
      ip,
    });
    this.bus.publish('chartsChanged', { chartId: id });
    return this.get(id);
  }

  /** Copies a chart as a new one, shown nowhere, named "… (copy)" in the caller's language (then "… (copy) 2", …). */
  async copy(auth: AuthContext, id: number, lang: Language, ip: string): Promise<ChartDetail> {
    const row = await repo.findChart(this.db, id);
    if (!row) throw notFound(id);
    const base = message(lang, 'chart.copySuffix', { name: row.name }).slice(0, 60);
    let name = base;
    for (let n = 2; await repo.chartNamed(this.db, name); n += 1) name = `${base} ${n}`;
    const body = chartBody.parse({ name, typeId: row.type_id, definition: definitionOf(row) });
    const copied = await this.create(auth, body, ip);
    await this.audit.record({ user: auth.user, action: 'chart.copy', target: row.name, newValue: name, outcome: 'ok', ip });
    return copied;
  }

  /** Deletes a chart; refused while a type shows it, naming the types (the key refuses it too). */
  async remove(auth: AuthContext, id: number, ip: string, lang: Language): Promise<null> {
    const row = await this.db.transaction().execute(async (trx) => {
      const row = await repo.findChart(trx, id);
      if (!row) throw notFound(id);
      const uses = (await repo.usesOf(trx, [id])).get(id) ?? [];
      if (uses.length > 0) throw new AppError(Code.VALIDATION_FAILED, 'error.chartInUse', { types: typeNames(uses, lang) });
      await trx.deleteFrom('chart_definitions').where('id', '=', id).execute();
      return row;
    });
    await this.audit.record({ user: auth.user, action: 'chart.delete', target: row.name, oldValue: row.definition, outcome: 'ok', ip });
    this.bus.publish('chartsChanged', { chartId: id });
    return null;
  }

  /** Checks what a chart names against its type: its registers, and the bits a stop-status chart reads. */
  async check(body: ChartInput): Promise<ControllerTypeDetail> {
    const type = await this.types.get(body.typeId).catch((err: unknown) => {
      if (err instanceof AppError && err.code === Code.NOT_FOUND)
        throw new AppError(Code.VALIDATION_FAILED, 'error.chartType', { id: body.typeId });
      throw err;
    });
    const registers = new Map(type.registers.map((r) => [r.number, r]));
    for (const register of chartRegisters(body.definition))
      if (!registers.has(register)) throw new AppError(Code.VALIDATION_FAILED, 'error.chartRegister', { type: type.code, register });
    if (body.definition.kind === 'stop-status')
      for (const { when } of body.definition.states) {
        const reg = registers.get(when.register);
        if (when.kind === 'bit' && reg?.bits && reg.bits.length > 0 && !reg.bits.some((b) => b.bit === when.bit))
          throw new AppError(Code.VALIDATION_FAILED, 'error.chartBit', { type: type.code, register: when.register, bit: when.bit });
      }
    return type;
  }
}

/** Two saves racing for one name: the database's unique key answers the same message. */
function uniqueName(name: string) {
  return (err: unknown): never => {
    throw isUniqueViolation(err) ? nameTaken(name) : err;
  };
}

function columns(body: ChartInput) {
  return { name: body.name, kind: body.definition.kind, type_id: body.typeId, definition: JSON.stringify(body.definition) };
}

/** A stored chart's definition (parsed as the contract reads it). */
export function definitionOf(row: Pick<ChartDefinitionRow, 'definition'>): ChartDefinition {
  return chartBody.shape.definition.parse(JSON.parse(row.definition));
}

function detail(row: ChartDefinitionRow, typeJson: string | null, uses: ReadonlyArray<{ typeId: number; name: string }>): ChartDetail {
  const definition = definitionOf(row);
  return {
    id: row.id,
    name: row.name,
    kind: definition.kind,
    typeId: row.type_id,
    typeName: typeName(typeJson),
    definition,
    usedBy: uses.flatMap((u) => {
      const name = typeName(u.name);
      return name ? [{ typeId: u.typeId, typeName: name }] : [];
    }),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}
