import {
  Code,
  leaves,
  message,
  ruleBody,
  type ControllerTypeDetail,
  type Language,
  type RuleCondition,
  type RuleDetail,
  type RuleDevice,
  type RuleInput,
  type RulePage,
  type ruleListQuery,
} from '@dms/contract';
import type { z } from 'zod';
import { isUniqueViolation, type Db } from '../../db/database.js';
import type { EventRuleRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../events/bus.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import * as repo from './repository.js';
import { liveDevice } from '../../access/index.js';

const notFound = (id: number) => new AppError(Code.NOT_FOUND, 'error.eventRuleNotFound', { id });

/** What the rules service needs of the controller types. */
export interface RuleTypes {
  get(id: number): Promise<ControllerTypeDetail>;
}

/**
 * Event rules (/events/events-list, /events/events-add; docs/events.md): a rule names a controller type, optionally
 * some of its devices or CK groups, a condition on the type's registers, its timing, severity and text. A save is the
 * rule's next version (`event_rule_versions`; the events name the version that started them): its events in progress
 * end in the same transaction and it is judged afresh. Every change goes to the operation log and out on the bus
 * (`eventRulesChanged`), on which ingest reads the rules again.
 */
export class EventRuleService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly bus: EventBus,
    private readonly audit: Audit,
    private readonly types: RuleTypes,
  ) {}

  async page({ page, page_size, enabled, ...f }: z.output<typeof ruleListQuery>): Promise<RulePage> {
    const filter = { ...f, enabled: enabled === undefined ? undefined : enabled === 'true' };
    const [count, rows] = await Promise.all([
      repo
        .rulesQuery(this.db, filter)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
      repo
        .rulesQuery(this.db, filter)
        .selectAll('r')
        .select('t.name as type_name')
        .orderBy('r.updated_at', 'desc')
        .orderBy('r.id', 'desc')
        .offset((page - 1) * page_size)
        .limit(page_size)
        .execute(),
    ]);
    const active = await repo.activeCounts(
      this.db,
      rows.map((r) => r.id),
    );
    return { total: Number(count.n), items: rows.map((r) => detail(r, r.type_name, active.get(r.id) ?? 0)) };
  }

  async get(id: number): Promise<RuleDetail> {
    const row = await repo.rulesQuery(this.db, {}).selectAll('r').select('t.name as type_name').where('r.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(id);
    const active = await repo.activeCounts(this.db, [id]);
    return detail(row, row.type_name, active.get(id) ?? 0);
  }

  async create(auth: AuthContext, body: RuleInput, ip: string): Promise<RuleDetail> {
    await this.check(body);
    const now = this.now();
    const id = await this.db
      .transaction()
      .execute(async (trx) => {
        if (await repo.ruleNamed(trx, body.name)) throw nameTaken(body.name);
        const { id } = await trx
          .insertInto('event_rules')
          .values({ ...columns(body), version: 1, created_at: now, updated_at: now, updated_by: auth.user.username })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('event_rule_versions')
          .values({
            rule_id: id,
            version: 1,
            name: body.name,
            definition: JSON.stringify(body),
            created_at: now,
            created_by: auth.user.username,
          })
          .execute();
        return id;
      })
      .catch(uniqueName(body.name));
    await this.audit.record({
      user: auth.user,
      action: 'event.ruleCreate',
      target: body.name,
      newValue: JSON.stringify(body),
      outcome: 'ok',
      ip,
    });
    this.bus.publish('eventRulesChanged', { ruleId: id });
    return this.get(id);
  }

  async update(auth: AuthContext, id: number, body: RuleInput, ip: string): Promise<RuleDetail> {
    await this.check(body);
    const now = this.now();
    const before = await this.db
      .transaction()
      .execute(async (trx) => {
        const row = await repo.findRule(trx, id);
        if (!row) throw notFound(id);
        const named = await repo.ruleNamed(trx, body.name);
        if (named && named.id !== id) throw nameTaken(body.name);
        const version = row.version + 1;
        await trx
          .updateTable('event_rules')
          .set({ ...columns(body), version, updated_at: now, updated_by: auth.user.username })
          .where('id', '=', id)
          .execute();
        await trx
          .insertInto('event_rule_versions')
          .values({
            rule_id: id,
            version,
            name: body.name,
            definition: JSON.stringify(body),
            created_at: now,
            created_by: auth.user.username,
          })
          .execute();
        await repo.endRuleEvents(trx, id, now);
        return row;
      })
      .catch(uniqueName(body.name));
    await this.audit.record({
      user: auth.user,
      action: 'event.ruleUpdate',
      target: body.name,
      oldValue: before.definition,
      newValue: JSON.stringify(body),
      outcome: 'ok',
      ip,
    });
    this.bus.publish('eventRulesChanged', { ruleId: id });
    return this.get(id);
  }

  /** Turns a rule on or off (its definition as saved: it keeps its version); off ends its events in progress. */
  async enable(auth: AuthContext, id: number, enabled: boolean, ip: string): Promise<null> {
    const now = this.now();
    const row = await this.db.transaction().execute(async (trx) => {
      const row = await repo.findRule(trx, id);
      if (!row) throw notFound(id);
      const definition = JSON.stringify({ ...JSON.parse(row.definition), enabled });
      await trx
        .updateTable('event_rules')
        .set({ enabled: enabled ? 1 : 0, definition, updated_at: now, updated_by: auth.user.username })
        .where('id', '=', id)
        .execute();
      if (!enabled) await repo.endRuleEvents(trx, id, now);
      return row;
    });
    await this.audit.record({
      user: auth.user,
      action: 'event.ruleEnable',
      target: row.name,
      oldValue: String(row.enabled === 1),
      newValue: String(enabled),
      outcome: 'ok',
      ip,
    });
    this.bus.publish('eventRulesChanged', { ruleId: id });
    return null;
  }

  /** Copies a rule as a new one, off, named "… (copy)" in the caller's language (then "… (copy) 2", …). */
  async copy(auth: AuthContext, id: number, lang: Language, ip: string): Promise<RuleDetail> {
    const row = await repo.findRule(this.db, id);
    if (!row) throw notFound(id);
    const base = message(lang, 'event.copySuffix', { name: row.name }).slice(0, 60);
    let name = base;
    for (let n = 2; await repo.ruleNamed(this.db, name); n += 1) name = `${base} ${n}`;
    const body = ruleBody.parse({ ...JSON.parse(row.definition), name, enabled: false });
    const copied = await this.create(auth, body, ip);
    await this.audit.record({ user: auth.user, action: 'event.ruleCopy', target: row.name, newValue: name, outcome: 'ok', ip });
    return copied;
  }

  /** Deletes a rule: its events in progress end; the log keeps its events, named by their version. */
  async remove(auth: AuthContext, id: number, ip: string): Promise<null> {
    const now = this.now();
    const row = await this.db.transaction().execute(async (trx) => {
      const row = await repo.findRule(trx, id);
      if (!row) throw notFound(id);
      await repo.endRuleEvents(trx, id, now);
      await trx.deleteFrom('event_rules').where('id', '=', id).execute();
      return row;
    });
    await this.audit.record({ user: auth.user, action: 'event.ruleDelete', target: row.name, oldValue: row.definition, outcome: 'ok', ip });
    this.bus.publish('eventRulesChanged', { ruleId: id });
    return null;
  }

  /** Devices of a type a rule may name, by box number (its digits anywhere), at most 50. */
  async devices(typeId: number, q: string | undefined): Promise<RuleDevice[]> {
    let query = this.db
      .selectFrom('devices as d')
      .select(['d.id', 'd.box_id', 'd.controller', 'd.company'])
      .where('d.type_id', '=', typeId)
      .where(liveDevice);
    const digits = q?.replace(/\D/g, '');
    if (digits) query = query.where((eb) => eb.cast<string>('d.box_id', 'varchar(20)'), 'like', `%${digits}%`);
    const rows = await query.orderBy('d.box_id').orderBy('d.controller').limit(50).execute();
    return rows.map((r) => ({ id: r.id, boxId: r.box_id, controller: r.controller, company: r.company }));
  }

  /** Checks what a rule names against its type: the registers and bits, the devices, the CK codes. */
  async check(body: RuleInput): Promise<ControllerTypeDetail> {
    const type = await this.types.get(body.typeId).catch((err: unknown) => {
      if (err instanceof AppError && err.code === Code.NOT_FOUND)
        throw new AppError(Code.VALIDATION_FAILED, 'error.eventRuleType', { id: body.typeId });
      throw err;
    });
    const registers = new Map(type.registers.map((r) => [r.number, r]));
    for (const c of [body.condition, ...(body.clear ? [body.clear] : [])]) checkRegisters(c, type, registers);
    if (body.deviceIds.length > 0) {
      const ids = [...new Set(body.deviceIds)];
      const found = new Set(
        (
          await this.db
            .selectFrom('devices as d')
            .select('d.id')
            .where('d.id', 'in', ids)
            .where('d.type_id', '=', body.typeId)
            .where(liveDevice)
            .execute()
        ).map((r) => r.id),
      );
      const wrong = ids.find((id) => !found.has(id));
      if (wrong !== undefined) throw new AppError(Code.VALIDATION_FAILED, 'error.eventRuleDevice', { id: wrong });
    }
    if (body.cks.length > 0) {
      const cks = [...new Set(body.cks)];
      const found = new Set((await this.db.selectFrom('ck_codes').select('ck').where('ck', 'in', cks).execute()).map((r) => r.ck));
      const wrong = cks.find((ck) => !found.has(ck));
      if (wrong !== undefined) throw new AppError(Code.VALIDATION_FAILED, 'error.eventRuleCk', { ck: wrong });
    }
    return type;
  }
}

function checkRegisters(
  c: RuleCondition,
  type: ControllerTypeDetail,
  registers: Map<number, ControllerTypeDetail['registers'][number]>,
): void {
  for (const leaf of leaves(c)) {
    if (leaf.kind === 'offline') continue;
    const reg = registers.get(leaf.register);
    if (!reg) throw new AppError(Code.VALIDATION_FAILED, 'error.eventRuleRegister', { type: type.code, register: leaf.register });
    if (leaf.kind === 'bit' && reg.bits && reg.bits.length > 0 && !reg.bits.some((b) => b.bit === leaf.bit))
      throw new AppError(Code.VALIDATION_FAILED, 'error.eventRuleBit', { type: type.code, register: leaf.register, bit: leaf.bit });
  }
}

const nameTaken = (name: string) => new AppError(Code.VALIDATION_FAILED, 'error.eventRuleName', { name });

/** Two saves racing for one name: the database's unique key answers the same message. */
function uniqueName(name: string) {
  return (err: unknown): never => {
    throw isUniqueViolation(err) ? nameTaken(name) : err;
  };
}

function columns(body: RuleInput) {
  return {
    name: body.name,
    type_id: body.typeId,
    severity: body.severity,
    enabled: body.enabled ? 1 : 0,
    definition: JSON.stringify(body),
  };
}

function detail(row: EventRuleRow, typeJson: string | null, active: number): RuleDetail {
  const d = ruleBody.parse(JSON.parse(row.definition));
  return {
    id: row.id,
    name: row.name,
    typeId: row.type_id,
    typeName: repo.typeName(typeJson),
    severity: d.severity,
    enabled: row.enabled === 1,
    version: row.version,
    condition: d.condition,
    active,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    deviceIds: d.deviceIds,
    cks: d.cks,
    ...(d.clear ? { clear: d.clear } : {}),
    durationS: d.durationS,
    hysteresis: d.hysteresis,
    debounceS: d.debounceS,
    text: d.text,
  };
}
