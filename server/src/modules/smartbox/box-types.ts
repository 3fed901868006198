import { liveBox } from '../../access/index.js';
import {
  boxConfigProblems,
  boxParam,
  boxProtocolSheet,
  commandRange,
  canAccess,
  Code,
  diffBoxConfig,
  message,
  type BoxConfig,
  type BoxParam,
  type boxConfigSaveBody,
  type BoxTypeQuery,
  type BoxTypeRow,
  type Language,
} from '@dms/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { contains } from '../../db/search.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import type { ExportSource } from '../exports/service.js';

const storedParams = z.array(boxParam);
/** A configuration as stored (JSON the server wrote; a row that does not read is none). */
export function paramsOf(json: string): BoxParam[] {
  const read = storedParams.safeParse(JSON.parse(json));
  return read.success ? read.data : [];
}

/** A short account of a configuration for the operation log. */
const describe = (params: readonly BoxParam[]) => params.map((p) => `${p.key}=${p.default}`).join(', ');

/**
 * Box types as data (issue 23): the list root keeps, each type's configuration by version, its save (the next
 * version, only over the version the saver saw), and its protocol document. Registration adds a type it names
 * (`ensureBoxType`), so every box's type is a row.
 */
export class BoxTypeService {
  constructor(
    private readonly db: Db,
    private readonly audit: Audit,
    private readonly now: () => number,
  ) {}

  async page(query: BoxTypeQuery & { page: number; page_size: number }): Promise<{ total: number; items: BoxTypeRow[] }> {
    let q = this.db.selectFrom('box_types as t');
    if (query.q) q = q.where(contains('t.code', query.q));
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
      q
        .select(['t.id', 't.code', 't.version', 't.params', 't.updated_at', 't.updated_by'])
        .select((eb) =>
          eb
            .selectFrom('boxes as b')
            .whereRef('b.box_type', '=', 't.code')
            .where(liveBox)
            .select((e) => e.fn.countAll<number | string>().as('n'))
            .as('boxes'),
        )
        .orderBy('t.code')
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size)
        .execute(),
    ]);
    return {
      total: Number(count?.n ?? 0),
      items: rows.map((r) => ({
        id: r.id,
        code: r.code,
        version: r.version,
        params: paramsOf(r.params).length,
        boxes: Number(r.boxes ?? 0),
        updatedAt: r.updated_at,
        updatedBy: r.updated_by,
      })),
    };
  }

  /** A new type with no configuration (version 0); a code taken is 400 "The box type {code} exists already.". */
  async create(auth: AuthContext, code: string, ip: string): Promise<{ id: number }> {
    const now = this.now();
    const taken = () => new AppError(Code.VALIDATION_FAILED, 'error.boxType.taken', { code });
    const row = await this.db
      .insertInto('box_types')
      .values({ code, version: 0, params: '[]', created_at: now, updated_at: now, updated_by: null })
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw taken();
    await this.audit.record({ user: auth.user, action: 'smartbox.createBoxType', target: code, outcome: 'ok', ip });
    return { id: row.id };
  }

  /** A type's configuration in use, or saved version `version`; 404 for an unknown type or version. */
  async config(id: number, version?: number): Promise<BoxConfig> {
    const type = await this.db.selectFrom('box_types').selectAll().where('id', '=', id).executeTakeFirst();
    if (!type) throw notFound();
    const versions = await this.db
      .selectFrom('box_type_versions')
      .select(['version', 'params', 'created_at', 'created_by'])
      .where('type_id', '=', id)
      .orderBy('version', 'desc')
      .execute();
    const base = { id, code: type.code, current: type.version, versions: versions.map((v) => v.version) };
    if (version === undefined || version === type.version)
      return { ...base, version: type.version, params: paramsOf(type.params), savedAt: type.updated_at, savedBy: type.updated_by };
    const saved = versions.find((v) => v.version === version);
    if (!saved) throw new AppError(Code.NOT_FOUND, 'error.boxConfig.noVersion', { version });
    return { ...base, version, params: paramsOf(saved.params), savedAt: saved.created_at, savedBy: saved.created_by };
  }

  /** Saves `params` as the type's next version, if `version` is still the one in use. */
  async save(
    auth: AuthContext,
    id: number,
    body: z.output<typeof boxConfigSaveBody>,
    ip: string,
    lang: Language,
  ): Promise<{ version: number }> {
    if (body.params.length === 0) throw new AppError(Code.VALIDATION_FAILED, 'validation.boxConfig.empty');
    const problems = boxConfigProblems(body.params);
    const first = problems[0];
    if (first)
      throw new AppError(Code.VALIDATION_FAILED, first.key, first.params, {
        issues: problems.map((p) => ({ path: `params.${p.row - 1}.${p.field}`, message: message(lang, p.key, p.params) })),
      });
    const saved = await this.db.transaction().execute(async (trx) => {
      const type = await trx.selectFrom('box_types').selectAll().where('id', '=', id).executeTakeFirst();
      if (!type) throw notFound();
      if (type.version !== body.version)
        throw new AppError(Code.TYPE_VERSION_CHANGED, 'error.boxConfig.versionChanged', { version: type.version });
      const version = type.version + 1;
      const now = this.now();
      const params = JSON.stringify(body.params);
      // The version guards the write too: of two saves over the same version, one changes the row.
      const updated = await trx
        .updateTable('box_types')
        .set({ version, params, updated_at: now, updated_by: auth.user.username })
        .where('id', '=', id)
        .where('version', '=', type.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1)
        throw new AppError(Code.TYPE_VERSION_CHANGED, 'error.boxConfig.versionChanged', { version });
      await trx
        .insertInto('box_type_versions')
        .values({ type_id: id, version, params, created_at: now, created_by: auth.user.username })
        .execute();
      return { type, version, before: paramsOf(type.params) };
    });
    const diff = diffBoxConfig(saved.before, body.params);
    await this.audit.record({
      user: auth.user,
      action: 'smartbox.saveBoxConfig',
      target: `${saved.type.code} v${saved.version}`,
      oldValue: `v${saved.type.version}: ${describe(saved.before)}`,
      newValue: `v${saved.version}: ${describe(body.params)} (${diff.added.length} added, ${diff.changed.length} changed, ${diff.removed.length} removed)`,
      outcome: 'ok',
      ip,
    });
    return { version: saved.version };
  }

  /** The `box-protocol` export: the document as the console shows it, in one language. */
  protocolExport(): ExportSource<'box-protocol'> {
    return async (auth, body) => {
      if (!canAccess(auth.roles, 'smartboxRoot')) throw forbidden();
      const { typeId, version, language } = body.filter;
      const doc = await this.config(typeId, version);
      const { headers, rows } = boxProtocolSheet(doc.params, language);
      const read = () => this.config(typeId, version);
      return {
        fileName: `box-protocol-${doc.code}-v${doc.version}-${language}`,
        sheet: doc.code.slice(0, 31),
        columns: headers.map((header) => ({ header, kind: 'text' as const })),
        total: rows.length,
        // The document as it is when the job writes it.
        rows: async function* () {
          yield* boxProtocolSheet((await read()).params, language).rows;
        },
      };
    };
  }
}

/** Adds the box type `code` if it is not a row yet (a registration naming a new type), inside the caller's change. */
export async function ensureBoxType(trx: Kysely<Database>, code: string, now: number): Promise<void> {
  await trx
    .insertInto('box_types')
    .values({ code, version: 0, params: '[]', created_at: now, updated_at: now, updated_by: null })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

/** Boxes looked up in one query. */
const CHUNK = 500;

/**
 * A `config` command's interval and deadband within what each box's type allows (its configuration's `interval` and
 * `deadband` ranges; a type without them allows the protocol's): 40001 naming the first box outside, else nothing.
 */
export async function requireTypeRanges(
  tx: Kysely<Database>,
  boxIds: readonly number[],
  args: { interval?: number | undefined; deadband?: number | undefined },
): Promise<void> {
  const given = (['interval', 'deadband'] as const).filter((k) => args[k] !== undefined);
  if (given.length === 0) return;
  /** The first box of each type among those addressed. */
  const firstOf = new Map<string, number>();
  for (let i = 0; i < boxIds.length; i += CHUNK)
    for (const r of await tx
      .selectFrom('boxes')
      .select(['box_type', (eb) => eb.fn.min('box_id').as('box')])
      .where('box_id', 'in', boxIds.slice(i, i + CHUNK))
      .groupBy('box_type')
      .execute())
      if (!firstOf.has(r.box_type) || r.box < (firstOf.get(r.box_type) ?? 0)) firstOf.set(r.box_type, r.box);
  if (firstOf.size === 0) return;
  const types = await tx
    .selectFrom('box_types')
    .select(['code', 'params'])
    .where('code', 'in', [...firstOf.keys()])
    .execute();
  for (const type of types) {
    const params = paramsOf(type.params);
    for (const key of given) {
      const range = commandRange(params, key);
      const value = args[key] ?? 0;
      if (range && (value < range.min || value > range.max))
        throw new AppError(
          Code.VALIDATION_FAILED,
          key === 'interval' ? 'validation.smartbox.typeInterval' : 'validation.smartbox.typeDeadband',
          {
            box: firstOf.get(type.code) ?? 0,
            type: type.code,
            ...range,
          },
        );
    }
  }
}
