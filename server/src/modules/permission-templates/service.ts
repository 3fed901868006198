import {
  BUILTIN_TEMPLATE_NAMES,
  Code,
  imitatesBuiltinTemplate,
  templateNameKey,
  type BuiltinTemplateKey,
  type TemplateDetail,
  type TemplatePage,
  type TemplateRight,
  type TemplateRow,
} from '@dms/contract';
import type { z } from 'zod';
import type { templateBody, templateListQuery, templateSaveBody } from '@dms/contract';
import { isForeignKeyViolation, isUniqueViolation, type Db } from '../../db/database.js';
import type { PermissionTemplateRow } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import type { EventBus } from '../../events/bus.js';
import { likePattern } from '../../db/search.js';
import { findTemplate, listTemplates } from './repository.js';

/** Two saves of one name at once both pass the check; where the database's unique key decides, the same answer. */
const nameRace = (err: unknown): never => {
  throw isUniqueViolation(err) ? new AppError(Code.VALIDATION_FAILED, 'error.templateNameTaken') : err;
};

/** The built-in templates one of whose names, in any language, holds `q` (compared as template names are). */
function builtinsNamed(q: string): BuiltinTemplateKey[] {
  const key = templateNameKey(q);
  return (Object.keys(BUILTIN_TEMPLATE_NAMES) as BuiltinTemplateKey[]).filter((k) =>
    Object.values(BUILTIN_TEMPLATE_NAMES[k]).some((name) => templateNameKey(name).includes(key)),
  );
}

const toRow = (t: PermissionTemplateRow, users: number, rights: number): TemplateRow => ({
  id: t.id,
  name: t.name,
  level: t.level,
  builtin: t.builtin,
  defaultRead: t.default_read === 1,
  defaultWrite: t.default_write,
  remark: t.remark,
  users,
  rights,
  updatedAt: t.updated_at,
});

/** What a template's fields read as in the operation log. */
const describe = (t: { name: string; level: number; defaultRead: boolean; defaultWrite: string }, rights: number) =>
  `${t.name}, level ${t.level}, read ${t.defaultRead ? 'all' : 'none'} / write ${t.defaultWrite} by default, ${rights} named right(s)`;

/**
 * Permission templates (docs/people.md): root makes, edits and deletes them. A save replaces the named rights in one
 * transaction, checked against the controller types' register maps; every change drops the compiled rights so the
 * users holding it follow at once, and goes to the operation log with old and new values.
 */
export class TemplateService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly audit: Audit,
    private readonly now: () => number,
  ) {}

  /**
   * One page of the templates (docs/api.md): `q` anywhere in the name, case-insensitive, a built-in template also by
   * its name in any language; sorted by `sort` then name.
   */
  async list({ q, sort, order, page, page_size }: z.output<typeof templateListQuery>): Promise<TemplatePage> {
    const search = q ? { like: likePattern(q), builtins: builtinsNamed(q) } : null;
    const { total, rows } = await listTemplates(this.db, search, { sort, order, offset: (page - 1) * page_size, limit: page_size });
    return { total, items: rows.map((r) => toRow(r, r.user_count ?? 0, r.right_count ?? 0)) };
  }

  private async require(id: number): Promise<PermissionTemplateRow> {
    const t = await findTemplate(this.db, id);
    if (!t) throw notFound();
    return t;
  }

  async get(id: number): Promise<TemplateDetail> {
    const t = await this.require(id);
    const users = await this.usersOf(id);
    const rights = await this.db
      .selectFrom('permission_template_rights')
      .select(['type_id', 'register_number', 'can_read', 'can_write'])
      .where('template_id', '=', id)
      .orderBy('type_id')
      .orderBy('register_number')
      .execute();
    const { rights: _count, ...row } = toRow(t, users.length, rights.length);
    return {
      ...row,
      rights: rights.map((r) => ({ typeId: r.type_id, register: r.register_number, read: r.can_read === 1, write: r.can_write === 1 })),
    };
  }

  private async usersOf(id: number): Promise<number[]> {
    return (await this.db.selectFrom('users').select('id').where('template_id', '=', id).where('disabled', '=', 0).execute()).map(
      (u) => u.id,
    );
  }

  /**
   * A name is free when no other template has it, compared trimmed and case-folded (templateNameKey), and a template
   * that is not built-in does not take a built-in one's name in any language.
   */
  private async requireFreeName(name: string, except: { id: number; builtin: string | null } | null): Promise<void> {
    if (!except?.builtin && imitatesBuiltinTemplate(name)) throw new AppError(Code.VALIDATION_FAILED, 'error.templateNameBuiltin');
    const key = templateNameKey(name);
    const others = await this.db.selectFrom('permission_templates').select(['id', 'name']).execute();
    if (others.some((t) => t.id !== except?.id && templateNameKey(t.name) === key))
      throw new AppError(Code.VALIDATION_FAILED, 'error.templateNameTaken');
  }

  async create(auth: AuthContext, body: z.output<typeof templateBody>, ip: string): Promise<{ id: number }> {
    await this.requireFreeName(body.name, null);
    const now = this.now();
    const row = await this.db
      .insertInto('permission_templates')
      .values({
        name: body.name,
        level: body.level,
        builtin: null,
        default_read: body.defaultRead ? 1 : 0,
        default_write: body.defaultWrite,
        remark: body.remark,
        created_by: auth.user.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch(nameRace);
    await this.audit.record({
      user: auth.user,
      action: 'template.create',
      target: body.name,
      newValue: describe(body, 0),
      outcome: 'ok',
      ip,
    });
    return { id: row.id };
  }

  /** Checks the named rights against the register maps: each register exists; write only where it is writable. */
  private async checkRights(rights: readonly TemplateRight[]): Promise<void> {
    const typeIds = [...new Set(rights.map((r) => r.typeId))];
    if (typeIds.length === 0) return;
    const registers = await this.db
      .selectFrom('controller_registers')
      .select(['type_id', 'number', 'writable'])
      .where('type_id', 'in', typeIds)
      .execute();
    const known = new Map(registers.map((r) => [`${r.type_id}:${r.number}`, r.writable === 1]));
    for (const r of rights) {
      const writable = known.get(`${r.typeId}:${r.register}`);
      if (writable === undefined)
        throw new AppError(Code.VALIDATION_FAILED, 'error.templateUnknownRegister', { typeId: r.typeId, register: r.register });
      if (r.write && !writable)
        throw new AppError(Code.VALIDATION_FAILED, 'error.templateWriteOnlyWritable', { typeId: r.typeId, register: r.register });
    }
  }

  async save(auth: AuthContext, id: number, body: z.output<typeof templateSaveBody>, ip: string): Promise<void> {
    const before = await this.get(id);
    // A built-in template is known by its key and shown in the user's language: its name stays.
    if (before.builtin !== null && body.name !== before.name) throw new AppError(Code.VALIDATION_FAILED, 'error.templateBuiltinName');
    await this.requireFreeName(body.name, { id, builtin: before.builtin });
    // The rights are a set: a register named twice is refused, never resolved by order.
    const seen = new Set<string>();
    for (const r of body.rights) {
      const key = `${r.typeId}:${r.register}`;
      if (seen.has(key)) throw new AppError(Code.VALIDATION_FAILED, 'error.templateRightTwice', { typeId: r.typeId, register: r.register });
      seen.add(key);
    }
    const rights = body.rights;
    await this.checkRights(rights);
    await this.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('permission_templates')
          .set({
            name: body.name,
            level: body.level,
            default_read: body.defaultRead ? 1 : 0,
            default_write: body.defaultWrite,
            remark: body.remark,
            updated_at: this.now(),
          })
          .where('id', '=', id)
          .execute();
        await trx.deleteFrom('permission_template_rights').where('template_id', '=', id).execute();
        for (let i = 0; i < rights.length; i += 500) {
          await trx
            .insertInto('permission_template_rights')
            .values(
              rights.slice(i, i + 500).map((r) => ({
                template_id: id,
                type_id: r.typeId,
                register_number: r.register,
                can_read: r.read ? 1 : 0,
                can_write: r.write ? 1 : 0,
              })),
            )
            .execute();
        }
      })
      .catch(nameRace);
    // The compiled rights are dropped, and the open pages of the users holding it read their rights again.
    this.bus.publish('templateChanged', { templateId: id });
    for (const userId of await this.usersOf(id)) this.bus.publish('userChanged', { userId });
    await this.audit.record({
      user: auth.user,
      action: 'template.save',
      target: before.name,
      oldValue: describe(before, before.rights.length),
      newValue: describe(body, rights.length),
      outcome: 'ok',
      ip,
    });
  }

  async remove(auth: AuthContext, id: number, ip: string): Promise<void> {
    const t = await this.require(id);
    if (t.builtin !== null) throw new AppError(Code.VALIDATION_FAILED, 'error.templateBuiltin');
    await this.db
      .transaction()
      .execute(async (trx) => {
        // The check in the transaction that deletes; a user given it meanwhile is refused by the foreign key below.
        const holders = await trx.selectFrom('users').select('id').where('template_id', '=', id).execute();
        if (holders.length > 0) throw new AppError(Code.TEMPLATE_IN_USE, 'error.templateInUse', { count: holders.length });
        await trx.deleteFrom('permission_template_rights').where('template_id', '=', id).execute();
        await trx.deleteFrom('permission_templates').where('id', '=', id).execute();
      })
      .catch(async (err: unknown) => {
        // A user given the template after the check: the database's foreign key (migration 0009) refuses the delete.
        if (!isForeignKeyViolation(err)) throw err;
        throw new AppError(Code.TEMPLATE_IN_USE, 'error.templateInUse', { count: (await this.usersOf(id)).length });
      });
    this.bus.publish('templateChanged', { templateId: id });
    await this.audit.record({ user: auth.user, action: 'template.delete', target: t.name, oldValue: t.name, outcome: 'ok', ip });
  }
}
