import {
  Code,
  localizedText,
  message,
  registerMapDiff,
  registerMapProblems,
  type Language,
  type MapDiff,
  type TypeEditView,
  type TypeVersionRow,
  type typeSaveBody,
  type ControllerKind,
  type ControllerTypeDetail,
  type ControllerTypeSummary,
  type LocalizedText,
  type TypePage,
  type TypeRow,
  type typeCopyBody,
  type typeCreateBody,
  type typeFilter,
  type typeListQuery,
} from '@dms/contract';
import { z } from 'zod';
import { isForeignKeyViolation, isUniqueViolation, type Db } from '../../db/database.js';
import type { Transaction } from 'kysely';
import type { ControllerRegisterRow, ControllerTypeRow, ControllerTypeVersionRow, Database } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { EventBus } from '../../events/bus.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import { toRegisterDef, toRow, versionRegisters } from './registers.js';
import { savedPages } from './pages.js';
import * as repo from './repository.js';
import type { TypeRules } from '@dms/contract';
import { typeRules } from './typing.js';

function summary(row: ControllerTypeRow, registerCount: number): ControllerTypeSummary {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as ControllerKind,
    name: localizedText.parse(JSON.parse(row.name)),
    builtin: row.builtin === 1,
    registerCount,
  };
}

/** The type list's rows the filter finds: `q` in the code or in the name in any language (case-folded), of `kind`. */
function matches(row: TypeRow, { q, kind }: z.output<typeof typeFilter>): boolean {
  if (kind && row.kind !== kind) return false;
  if (!q) return true;
  const needle = q.toLowerCase();
  return [row.code, ...Object.values(row.name)].some((text) => text.toLowerCase().includes(needle));
}

const SORTERS: Record<z.output<typeof typeListQuery>['sort'], (a: TypeRow, b: TypeRow) => number> = {
  code: () => 0,
  registers: (a, b) => a.registerCount - b.registerCount,
  devices: (a, b) => a.devices - b.devices,
  updatedAt: (a, b) => a.updatedAt - b.updatedAt,
};

/** A code's unique key won by another save at the same moment: the same answer as the check. */
const codeRace =
  (code: string) =>
  (err: unknown): never => {
    throw isUniqueViolation(err) ? new AppError(Code.VALIDATION_FAILED, 'error.typeCodeTaken', { code }) : err;
  };

/** A map's change as the operation log keeps it: the registers added, removed and changed (with the fields). */
function diffText(d: MapDiff): string {
  const parts = [
    ...(d.added.length ? [`added ${d.added.map((r) => `${r.number} ${r.key}`).join(', ')}`] : []),
    ...(d.removed.length ? [`removed ${d.removed.map((r) => `${r.number} ${r.key}`).join(', ')}`] : []),
    ...(d.changed.length
      ? [`changed ${d.changed.map((c) => `${c.after.number} ${c.after.key} (${c.fields.join(', ')})`).join(', ')}`]
      : []),
  ];
  return parts.length ? parts.join('; ') : 'no register changed';
}

/** What a type reads as in the operation log. */
const describe = (t: { code: string; kind: string; version: number }, registers: number) =>
  `${t.code} (${t.kind}), version ${t.version}, ${registers} register(s)`;

/**
 * Controller types and their register maps (domain.md): stored in the database, read through the API, managed by
 * root (/device-type/type-config). Every saved map is a version (controller_type_versions); a change goes to the
 * operation log and out on the bus (`typeChanged`), which ingest takes without a restart.
 */
export class ControllerTypeService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly bus: EventBus,
    private readonly audit: Audit,
  ) {}

  /** Every type as the list shows it, with its device count (few: the fleet's models). */
  private async rows(): Promise<TypeRow[]> {
    const [types, devices] = await Promise.all([repo.listTypes(this.db), repo.deviceCounts(this.db)]);
    return types.map((t) => ({
      ...summary(t, t.register_count),
      version: t.version,
      devices: devices.get(t.id) ?? 0,
      updatedAt: t.updated_at,
      updatedBy: t.updated_by,
    }));
  }

  /** One page of the types the filter finds, sorted by `sort` then code (docs/api.md). */
  async page({ page, page_size, sort, order, ...filter }: z.output<typeof typeListQuery>): Promise<TypePage> {
    const found = (await this.rows()).filter((r) => matches(r, filter));
    const sign = order === 'desc' ? -1 : 1;
    found.sort((a, b) => sign * (SORTERS[sort](a, b) || a.code.localeCompare(b.code)));
    return { total: found.length, items: found.slice((page - 1) * page_size, page * page_size) };
  }

  /** Every type the filter finds, as the list sorts them by default (the export). */
  async matching(filter: z.output<typeof typeFilter>): Promise<TypeRow[]> {
    return (await this.rows()).filter((r) => matches(r, filter)).sort((a, b) => a.code.localeCompare(b.code));
  }

  /**
   * A new type of root's (not built in) as version 1, saved by `auth`, with the register rows `registersOf` gives it
   * (its id known): in one transaction, refused when the code is taken (also when another save takes it meanwhile).
   */
  private async insertNew(
    auth: AuthContext,
    type: { code: string; kind: string; name: LocalizedText; charts?: string | null },
    registersOf: (trx: Transaction<Database>, newId: number) => Promise<ControllerRegisterRow[]>,
  ): Promise<{ id: number; registers: number }> {
    return this.db
      .transaction()
      .execute(async (trx) => {
        if (await repo.findTypeByCode(trx, type.code))
          throw new AppError(Code.VALIDATION_FAILED, 'error.typeCodeTaken', { code: type.code });
        const now = this.now();
        const id = await repo.insertType(trx, {
          code: type.code,
          kind: type.kind,
          name: JSON.stringify(type.name),
          builtin: 0,
          created_at: now,
          updated_at: now,
          version: 1,
          updated_by: auth.user.username,
          charts: type.charts ?? null,
        });
        const registers = await registersOf(trx, id);
        await repo.replaceRegisters(trx, id, registers);
        await repo.insertVersion(trx, id, 1, auth.user.username, now, registers);
        return { id, registers: registers.length };
      })
      .catch(codeRace(type.code));
  }

  /** A new type with an empty register map as its version 1 (root fills it in the editor or by an upload). */
  async create(auth: AuthContext, body: z.output<typeof typeCreateBody>, ip: string): Promise<{ id: number }> {
    const { id } = await this.insertNew(auth, body, () => Promise.resolve([]));
    await this.audit.record({
      user: auth.user,
      action: 'type.create',
      target: body.code,
      newValue: describe({ code: body.code, kind: body.kind, version: 1 }, 0),
      outcome: 'ok',
      ip,
    });
    this.bus.publish('typeChanged', { typeId: id });
    return { id };
  }

  /** A new type with `id`'s register map as its version 1. */
  async copy(auth: AuthContext, id: number, body: z.output<typeof typeCopyBody>, ip: string): Promise<{ id: number }> {
    const source = await repo.findType(this.db, id);
    if (!source) throw notFound();
    const made = await this.insertNew(auth, { ...body, kind: source.kind, charts: source.charts }, async (trx, newId) => {
      // The source read again in the transaction that copies it: one deleted meanwhile is not copied as empty.
      if (!(await repo.findType(trx, id))) throw notFound();
      return (await repo.registersOf(trx, id)).map((r) => ({ ...r, type_id: newId }));
    });
    const created = { id: made.id, source, registers: made.registers };
    await this.audit.record({
      user: auth.user,
      action: 'type.copy',
      target: body.code,
      newValue: `copy of ${describe(created.source, created.registers)}`,
      outcome: 'ok',
      ip,
    });
    this.bus.publish('typeChanged', { typeId: created.id });
    return { id: created.id };
  }

  /**
   * Deletes a type no device uses, with its versions and the template rights naming its registers (they cascade).
   * A built-in type stays: the release installs it again at start.
   */
  async remove(auth: AuthContext, id: number, ip: string): Promise<void> {
    const gone = await this.db
      .transaction()
      .execute(async (trx) => {
        const type = await repo.findType(trx, id);
        if (!type) throw notFound();
        if (type.builtin === 1) throw new AppError(Code.VALIDATION_FAILED, 'error.typeBuiltin');
        const count = (await repo.deviceCounts(trx, id)).get(id) ?? 0;
        if (count > 0) throw new AppError(Code.VALIDATION_FAILED, 'error.typeInUse', { count });
        // Named by model-code relations or CK codes, it is in use too: the answer says by how many.
        const [relations, cks] = await Promise.all([
          trx
            .selectFrom('type_relations')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('type_id', '=', id)
            .executeTakeFirstOrThrow(),
          trx
            .selectFrom('ck_types')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('type_id', '=', id)
            .executeTakeFirstOrThrow(),
        ]);
        if (relations.n > 0 || cks.n > 0)
          throw new AppError(Code.VALIDATION_FAILED, 'error.typeNamed', { relations: relations.n, cks: cks.n });
        // Watched by event rules (their events name its registers): those go first.
        const rules = await trx
          .selectFrom('event_rules')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('type_id', '=', id)
          .executeTakeFirstOrThrow();
        if (Number(rules.n) > 0) throw new AppError(Code.VALIDATION_FAILED, 'error.typeHasRules', { rules: Number(rules.n) });
        const registers = (await repo.registersOf(trx, id)).length;
        // Its charts (chart management) read only its registers: they go with it.
        await trx.deleteFrom('type_chart_definitions').where('type_id', '=', id).execute();
        await trx.deleteFrom('chart_definitions').where('type_id', '=', id).execute();
        await trx.deleteFrom('controller_types').where('id', '=', id).execute();
        return { type, registers };
      })
      .catch((err: unknown) => {
        // A device given this type after the count: the database's reference refuses the delete.
        if (isForeignKeyViolation(err)) throw new AppError(Code.VALIDATION_FAILED, 'error.typeInUse', { count: 1 });
        throw err;
      });
    await this.audit.record({
      user: auth.user,
      action: 'type.delete',
      target: gone.type.code,
      oldValue: describe(gone.type, gone.registers),
      outcome: 'ok',
      ip,
    });
    this.bus.publish('typeChanged', { typeId: id });
  }

  /** A type as its editor opens it. */
  async edit(id: number): Promise<TypeEditView> {
    const row = await repo.findType(this.db, id);
    if (!row) throw notFound();
    const registers = (await repo.registersOf(this.db, id)).map(toRegisterDef);
    return { ...summary(row, registers.length), registers, version: row.version, updatedAt: row.updated_at, updatedBy: row.updated_by };
  }

  /** Every saved version of a type's map, newest first. */
  async versions(id: number): Promise<TypeVersionRow[]> {
    if (!(await repo.findType(this.db, id))) throw notFound();
    return (await repo.versionsOf(this.db, id)).map((v) => versionRow(id, v));
  }

  /** The numbers of a type's saved versions, newest first. */
  versionNumbers(id: number): Promise<number[]> {
    return repo.versionNumbersOf(this.db, id);
  }

  /** One saved version of a type's map, undefined when there is none. */
  async version(id: number, version: number): Promise<TypeVersionRow | undefined> {
    const row = await repo.versionOf(this.db, id, version);
    return row && versionRow(id, row);
  }

  /**
   * Saves a type's name, kind and register map as its next version, if the editor's version is still the current
   * one and the map breaks none of the rules (map-rules.ts: refused row by row, in the caller's language, changing
   * nothing). The change goes to the operation log with what changed, and out on the bus: ingest, the live push and
   * open pages take the new map without a restart.
   */
  async save(auth: AuthContext, id: number, body: z.output<typeof typeSaveBody>, ip: string, lang: Language): Promise<{ version: number }> {
    const problems = registerMapProblems(body.registers);
    const first = problems[0];
    if (first)
      throw new AppError(Code.VALIDATION_FAILED, first.key, first.params, {
        issues: problems.map((p) => ({ path: `registers.${p.row - 1}.${p.field}`, message: message(lang, p.key, p.params) })),
      });
    const saved = await this.db.transaction().execute(async (trx) => {
      const type = await repo.findType(trx, id);
      if (!type) throw notFound();
      if (type.version !== body.version)
        throw new AppError(Code.TYPE_VERSION_CHANGED, 'error.typeVersionChanged', { version: type.version });
      const before = (await repo.registersOf(trx, id)).map(toRegisterDef);
      // A register a saved page shows is in use: it cannot be removed until it is off the page.
      const kept = new Set(body.registers.map((r) => r.number));
      const removed = before.filter((r) => !kept.has(r.number)).map((r) => r.number);
      if (removed.length > 0)
        for (const [alias, page] of await savedPages(trx, id)) {
          const shown = new Set([...page.groups.flatMap((g) => g.registers), ...page.gauges, ...page.switches, ...page.keyFigures]);
          const number = removed.find((n) => shown.has(n));
          if (number !== undefined) throw new AppError(Code.VALIDATION_FAILED, 'error.registerOnPage', { number, alias });
        }
      const now = this.now();
      const version = type.version + 1;
      await repo.updateType(trx, id, {
        kind: body.kind,
        name: JSON.stringify(body.name),
        updated_at: now,
        version,
        updated_by: auth.user.username,
      });
      const rows = body.registers.map((r) => toRow(id, r));
      await repo.replaceRegisters(trx, id, rows);
      await repo.insertVersion(trx, id, version, auth.user.username, now, rows);
      const diff = registerMapDiff(before, body.registers);
      // Templates follow the map (docs/people.md): a register removed drops out of the templates that name it; one
      // added follows each template's defaults.
      await repo.dropTemplateRights(
        trx,
        id,
        diff.removed.map((r) => r.number),
      );
      return { type, version, diff, count: rows.length };
    });
    await this.audit.record({
      user: auth.user,
      action: 'type.save',
      target: saved.type.code,
      oldValue: describe(saved.type, saved.count - saved.diff.added.length + saved.diff.removed.length),
      newValue: `${describe({ ...saved.type, kind: body.kind, version: saved.version }, saved.count)}; ${diffText(saved.diff)}`,
      outcome: 'ok',
      ip,
    });
    this.bus.publish('typeChanged', { typeId: id });
    return { version: saved.version };
  }

  async list(): Promise<ControllerTypeSummary[]> {
    return (await repo.listTypes(this.db)).map((r) => summary(r, r.register_count));
  }

  async get(id: number): Promise<ControllerTypeDetail> {
    const row = await repo.findType(this.db, id);
    if (!row) throw notFound();
    const registers = (await repo.registersOf(this.db, id)).map(toRegisterDef);
    return { ...summary(row, registers.length), registers };
  }

  /** What decides each device's type (typing.ts; ingest loads this with the types). */
  typeRules(): Promise<TypeRules> {
    return typeRules(this.db);
  }

  /** Every type with its register map, keyed by id (the ingest loads this once and on changes). */
  async allWithRegisters(): Promise<ControllerTypeDetail[]> {
    const rows = await repo.listTypes(this.db);
    return Promise.all(rows.map((r) => this.get(r.id)));
  }
}

/** A saved version as the console reads it. */
function versionRow(typeId: number, v: ControllerTypeVersionRow): TypeVersionRow {
  return {
    version: v.version,
    kind: v.kind as ControllerKind,
    name: localizedText.parse(JSON.parse(v.name)),
    registers: versionRegisters(typeId, v.registers),
    createdAt: v.created_at,
    createdBy: v.created_by,
  };
}
