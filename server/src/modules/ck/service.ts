import { Code, localizedText, type CkGenerated, type CkPage, type CkRow, type ckGenerateBody, type ckListQuery } from '@dms/contract';
import type { z } from 'zod';
import { isUniqueViolation, type Db } from '../../db/database.js';
import type { CkCodeRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../events/bus.js';
import type { AuthContext } from '../../types.js';
import { typeOfCode } from '@dms/contract';
import { retype, typeRules } from '../controller-types/typing.js';
import type { Audit } from '../datalog/service.js';
import * as repo from './repository.js';

const unknownCk = (ck: string) => new AppError(Code.NOT_FOUND, 'error.ckNotFound', { ck });

/**
 * CK codes (/device-type/CK-config, docs/api.md "CK codes"): each with its company and the controller types the devices
 * of its boxes may take. A change of a CK's types gives its boxes' devices their type again in the same transaction
 * (controller-types/typing.ts), goes to the operation log with the old and new, and out on the bus (`ckChanged`), on
 * which ingest reads the rules again. Bulk generation replaces every mapping, confirmed through 20004 first.
 */
export class CkService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly bus: EventBus,
    private readonly audit: Audit,
  ) {}

  /** The codes the search finds (in the code or company), by code, each with its types and what uses it. */
  async page({ q, page, page_size }: z.output<typeof ckListQuery>): Promise<CkPage> {
    const needle = q?.toLowerCase();
    const found = (await repo.allCks(this.db)).filter((c) => !needle || c.ck.includes(needle) || c.company.toLowerCase().includes(needle));
    const shown = found.slice((page - 1) * page_size, page * page_size);
    return { total: found.length, items: await this.rows(shown) };
  }

  async get(ck: string): Promise<CkRow> {
    const row = await repo.findCk(this.db, ck);
    if (!row) throw unknownCk(ck);
    const [one] = await this.rows([row]);
    if (!one) throw unknownCk(ck);
    return one;
  }

  private async rows(cks: readonly CkCodeRow[]): Promise<CkRow[]> {
    const codes = cks.map((c) => c.ck);
    const [boxes, users, types, typeless, rules] = await Promise.all([
      repo.countsByCk(this.db, 'boxes', codes),
      repo.countsByCk(this.db, 'users', codes),
      repo.typesByCk(this.db, codes),
      repo.typelessOnCkBoxes(this.db, codes),
      typeRules(this.db),
    ]);
    // A typeless device is refused by its box's CK when its code stands for a type (the CK allows it no other way).
    const refused = new Map<string, number>();
    for (const d of typeless) if (d.ck !== null && typeOfCode(rules, d.type_code) !== null) refused.set(d.ck, (refused.get(d.ck) ?? 0) + 1);
    return cks.map((c) => ({
      ck: c.ck,
      company: c.company,
      types: (types.get(c.ck) ?? []).map((t) => ({ id: t.id, code: t.code, name: localizedText.parse(JSON.parse(t.name)) })),
      boxes: boxes.get(c.ck) ?? 0,
      users: users.get(c.ck) ?? 0,
      refused: refused.get(c.ck) ?? 0,
      updatedAt: c.updated_at,
      updatedBy: c.updated_by,
    }));
  }

  async create(auth: AuthContext, body: { ck: string; company: string }, ip: string): Promise<CkRow> {
    const now = this.now();
    const taken = () => new AppError(Code.VALIDATION_FAILED, 'error.ckTaken', { ck: body.ck });
    if (await repo.findCk(this.db, body.ck)) throw taken();
    await this.db
      .insertInto('ck_codes')
      .values({ ck: body.ck, company: body.company, created_at: now, updated_at: now, updated_by: auth.user.username })
      .execute()
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? taken() : err;
      });
    await this.audit.record({ user: auth.user, action: 'ck.create', target: body.ck, newValue: body.company, outcome: 'ok', ip });
    return this.get(body.ck);
  }

  async update(auth: AuthContext, ck: string, company: string, ip: string): Promise<null> {
    const before = await this.db.transaction().execute(async (trx) => {
      const row = await repo.findCk(trx, ck);
      if (!row) throw unknownCk(ck);
      await trx
        .updateTable('ck_codes')
        .set({ company, updated_at: this.now(), updated_by: auth.user.username })
        .where('ck', '=', ck)
        .execute();
      return row.company;
    });
    await this.audit.record({ user: auth.user, action: 'ck.update', target: ck, oldValue: before, newValue: company, outcome: 'ok', ip });
    return null;
  }

  /** Deletes a code no box and no user carries; one in use is refused with what uses it. */
  async remove(auth: AuthContext, ck: string, ip: string): Promise<null> {
    const before = await this.db.transaction().execute(async (trx) => {
      const row = await repo.findCk(trx, ck);
      if (!row) throw unknownCk(ck);
      const [boxes, users] = await Promise.all([repo.countsByCk(trx, 'boxes', [ck]), repo.countsByCk(trx, 'users', [ck])]);
      const inUse = { boxes: boxes.get(ck) ?? 0, users: users.get(ck) ?? 0 };
      if (inUse.boxes > 0 || inUse.users > 0) throw new AppError(Code.VALIDATION_FAILED, 'error.ckInUse', { ck, ...inUse });
      await trx.deleteFrom('ck_codes').where('ck', '=', ck).execute();
      return row.company;
    });
    await this.audit.record({ user: auth.user, action: 'ck.delete', target: ck, oldValue: before, outcome: 'ok', ip });
    this.bus.publish('ckChanged', { ck });
    return null;
  }

  /** Sets the types a CK's boxes' devices may take (none: any); answers how many devices changed type. */
  async saveTypes(auth: AuthContext, ck: string, typeIds: readonly number[], ip: string): Promise<{ devices: number }> {
    const wanted = [...new Set(typeIds)];
    const done = await this.db.transaction().execute(async (trx) => {
      if (!(await repo.findCk(trx, ck))) throw unknownCk(ck);
      await requireTypes(trx, wanted);
      const before = (await repo.typesByCk(trx, [ck])).get(ck) ?? [];
      await repo.setCkTypes(trx, ck, wanted);
      await trx.updateTable('ck_codes').set({ updated_at: this.now(), updated_by: auth.user.username }).where('ck', '=', ck).execute();
      const devices = await retype(trx, { ck });
      const after = (await repo.typesByCk(trx, [ck])).get(ck) ?? [];
      return { before, after, devices };
    });
    await this.audit.record({
      user: auth.user,
      action: 'ck.types',
      target: ck,
      oldValue: done.before.map((t) => t.code).join(', ') || 'any',
      newValue: `${done.after.map((t) => t.code).join(', ') || 'any'}; ${done.devices} device(s) changed type`,
      outcome: 'ok',
      ip,
    });
    this.bus.publish('ckChanged', { ck });
    return { devices: done.devices };
  }

  /**
   * Every CK code (or the chosen ones) gets these types and every earlier mapping goes. Unconfirmed, nothing changes
   * and the answer is 20004 with how many mappings go and come; confirmed, it is done and every device retyped.
   */
  async generate(auth: AuthContext, body: z.output<typeof ckGenerateBody>, ip: string): Promise<CkGenerated> {
    const typeIds = [...new Set(body.typeIds)];
    const plan = async (db: Parameters<typeof repo.allCks>[0]) => {
      const all = (await repo.allCks(db)).map((c) => c.ck);
      const chosen = body.cks.length > 0 ? [...new Set(body.cks)] : all;
      const missing = chosen.find((ck) => !all.includes(ck));
      if (missing !== undefined) throw unknownCk(missing);
      if (chosen.length === 0) throw new AppError(Code.VALIDATION_FAILED, 'ck.generateNothing');
      await requireTypes(db, typeIds);
      return { cks: chosen, deleted: await repo.countMappings(db), created: chosen.length * typeIds.length };
    };
    if (!body.confirm) {
      const { cks, deleted, created } = await plan(this.db);
      throw new AppError(Code.WARNING_CONFIRM, 'ck.generateConfirm', { deleted, created, cks: cks.length });
    }
    const done = await this.db.transaction().execute(async (trx) => {
      const p = await plan(trx);
      await repo.replaceAllMappings(trx, p.cks, typeIds);
      return { ...p, devices: await retype(trx, 'all') };
    });
    await this.audit.record({
      user: auth.user,
      action: 'ck.generate',
      target: `${done.cks.length} CK code(s)`,
      oldValue: `${done.deleted} mapping(s)`,
      newValue: `${done.created} mapping(s), types ${typeIds.join(', ')}; ${done.devices} device(s) changed type`,
      outcome: 'ok',
      ip,
    });
    this.bus.publish('ckChanged', { ck: null });
    return { deleted: done.deleted, created: done.created, devices: done.devices };
  }
}

/** Refuses the first id that is not a controller type. */
async function requireTypes(db: Parameters<typeof repo.existingTypeIds>[0], ids: readonly number[]): Promise<void> {
  const known = await repo.existingTypeIds(db, ids);
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw new AppError(Code.VALIDATION_FAILED, 'error.ckTypeUnknown', { id: unknown });
}
