import { liveDevice } from '../../access/index.js';
import {
  Code,
  defaultPage,
  followMap,
  message,
  pageFor,
  pageProblems,
  typePageConfig,
  type Language,
  type RegisterDef,
  type TypePageConfig,
  type TypePageView,
} from '@dms/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { EventBus } from '../../events/bus.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import { toRegisterDef } from './registers.js';
import * as repo from './repository.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The saved pages of a type, by alias; a stored page that no longer parses is left out (its default shows). */
export async function savedPages(db: Executor, typeId: number): Promise<Map<string, TypePageConfig>> {
  const rows = await db.selectFrom('type_pages').select(['alias', 'config']).where('type_id', '=', typeId).execute();
  const out = new Map<string, TypePageConfig>();
  for (const r of rows) {
    const parsed = typePageConfig.safeParse(JSON.parse(r.config));
    if (parsed.success) out.set(r.alias, parsed.data);
  }
  return out;
}

/**
 * The page a device of this type on a box with this firmware shows (contract `pageFor`), for the type's map as the
 * caller has it (ingest's copy, or the stored one).
 */
export async function devicePage(
  db: Executor,
  typeId: number | null,
  firmware: string | null,
  registers: readonly RegisterDef[],
): Promise<TypePageConfig> {
  if (typeId === null) return defaultPage(registers);
  return pageFor(await savedPages(db, typeId), firmware, registers);
}

/**
 * A type's detail pages (/device-type/type-config/page/{id}/{alias}, docs/api.md): one per alias (`default`, or a box
 * firmware version). A save is checked against the map (contract `pageProblems`, refused in the caller's language
 * with every problem), goes to the operation log and out on the bus (`typeChanged`), on which open device pages read
 * it again. A page follows the map: a register a later version removes drops out of it when read.
 */
export class TypePageService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly bus: EventBus,
    private readonly audit: Audit,
  ) {}

  async get(id: number, alias: string): Promise<TypePageView> {
    const type = await repo.findType(this.db, id);
    if (!type) throw notFound();
    const [registers, rows, preview] = await Promise.all([
      repo.registersOf(this.db, id),
      this.db.selectFrom('type_pages').selectAll().where('type_id', '=', id).orderBy('alias').execute(),
      this.db
        .selectFrom('devices as d')
        .select(['d.box_id', 'd.controller'])
        .where('d.type_id', '=', id)
        .where(liveDevice)
        .orderBy('d.online', 'desc')
        .orderBy('d.box_id')
        .orderBy('d.controller')
        .limit(1)
        .executeTakeFirst(),
    ]);
    const defs = registers.map(toRegisterDef);
    const row = rows.find((r) => r.alias === alias);
    const parsed = row ? typePageConfig.safeParse(JSON.parse(row.config)) : undefined;
    return {
      typeId: id,
      alias,
      saved: parsed?.success === true,
      config: parsed?.success ? followMap(parsed.data, defs) : defaultPage(defs),
      aliases: rows.map((r) => r.alias),
      updatedAt: row?.updated_at ?? null,
      updatedBy: row?.updated_by ?? null,
      preview: preview ? { boxId: preview.box_id, controller: preview.controller } : null,
    };
  }

  async save(auth: AuthContext, id: number, alias: string, config: TypePageConfig, ip: string, lang: Language): Promise<TypePageView> {
    const before = await this.db.transaction().execute(async (trx) => {
      if (!(await repo.findType(trx, id))) throw notFound();
      const defs = (await repo.registersOf(trx, id)).map(toRegisterDef);
      const problems = pageProblems(config, defs);
      const first = problems[0];
      if (first)
        throw new AppError(Code.VALIDATION_FAILED, first.key, first.params, {
          issues: problems.map((p) => ({ path: 'config', message: message(lang, p.key, p.params) })),
        });
      const old = await trx
        .selectFrom('type_pages')
        .select('config')
        .where('type_id', '=', id)
        .where('alias', '=', alias)
        .executeTakeFirst();
      const row = { config: JSON.stringify(config), updated_at: this.now(), updated_by: auth.user.username };
      await trx
        .insertInto('type_pages')
        .values({ type_id: id, alias, ...row })
        .onConflict((oc) => oc.columns(['type_id', 'alias']).doUpdateSet(row))
        .execute();
      return old?.config ?? null;
    });
    await this.audit.record({
      user: auth.user,
      action: 'type.page',
      target: `${id}/${alias}`,
      oldValue: before,
      newValue: summarize(config),
      outcome: 'ok',
      ip,
    });
    this.bus.publish('typeChanged', { typeId: id });
    return this.get(id, alias);
  }

  async remove(auth: AuthContext, id: number, alias: string, ip: string): Promise<null> {
    const removed = await this.db.deleteFrom('type_pages').where('type_id', '=', id).where('alias', '=', alias).executeTakeFirst();
    if (removed.numDeletedRows === 0n) throw new AppError(Code.NOT_FOUND, 'error.typePageNotSaved', { alias });
    await this.audit.record({
      user: auth.user,
      action: 'type.page',
      target: `${id}/${alias}`,
      oldValue: 'saved',
      newValue: 'removed',
      outcome: 'ok',
      ip,
    });
    this.bus.publish('typeChanged', { typeId: id });
    return null;
  }
}

/** A page in a line for the operation log. */
function summarize(c: TypePageConfig): string {
  return `groups ${c.groups.map((g) => `${g.name.en} (${g.registers.length})`).join(', ')}; gauges ${c.gauges.join(', ') || '—'}; buttons ${c.switches.join(', ') || '—'}; key figures ${c.keyFigures.join(', ') || '—'}`;
}
