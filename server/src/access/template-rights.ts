import { OPERATING_REGISTER_KEYS, OPERATOR_DEFAULT_ROLES } from '@dms/contract';
import type { Db } from '../db/database.js';
import type { DefaultWrite } from '../db/schema.js';
import type { AuthContext } from '../types.js';
import { changesAll, seesAll } from './rule.js';

/** A permission template as the rights checks read it: its defaults and its rights per `typeId:registerNumber`. */
interface CompiledTemplate {
  defaultRead: boolean;
  defaultWrite: DefaultWrite;
  rights: Map<string, { read: boolean; write: boolean }>;
}

/** What a user's template lets them do with the registers of the devices they reach (docs/people.md). */
export interface RegisterRights {
  /** Reads every register of every type (nothing to leave out of values). */
  readsAll: boolean;
  canRead(typeId: number | null, register: number): boolean;
  canWrite(typeId: number | null, register: number, key: string): boolean;
  /**
   * The read rights as data, for a query to apply them (fault records, counts): what a register not named reads, and
   * the (type, register) pairs whose read right differs from that.
   */
  reads: { byDefault: boolean; except: ReadonlyArray<readonly [typeId: number, register: number]> };
}

const FULL: RegisterRights = { readsAll: true, canRead: () => true, canWrite: () => true, reads: { byDefault: true, except: [] } };

/**
 * Register values (number → raw word) with the registers the user's template does not let them read left out: what
 * every read of values passes through (device page, history, snapshots, charts, exports, live push).
 */
export function readable(rights: RegisterRights, typeId: number | null, values: Record<string, number>): Record<string, number> {
  if (rights.readsAll) return values;
  const out: Record<string, number> = {};
  for (const [register, value] of Object.entries(values)) if (rights.canRead(typeId, Number(register))) out[register] = value;
  return out;
}

/** Compiled templates by id; dropped whenever a template changes (`invalidateTemplates`). */
const cache = new Map<number, CompiledTemplate>();
let builtinIds: Map<string, number> | null = null;

/** Drops what was read of the templates: call after any change of a template or its rights. */
export function invalidateTemplates(): void {
  cache.clear();
  builtinIds = null;
}

async function builtinId(db: Db, key: string): Promise<number | undefined> {
  if (!builtinIds) {
    const rows = await db.selectFrom('permission_templates').select(['id', 'builtin']).where('builtin', 'is not', null).execute();
    builtinIds = new Map(rows.flatMap((r) => (r.builtin ? [[r.builtin, r.id] as const] : [])));
  }
  return builtinIds.get(key);
}

async function compiled(db: Db, id: number): Promise<CompiledTemplate | null> {
  const hit = cache.get(id);
  if (hit) return hit;
  const t = await db.selectFrom('permission_templates').select(['default_read', 'default_write']).where('id', '=', id).executeTakeFirst();
  if (!t) return null;
  const rows = await db
    .selectFrom('permission_template_rights')
    .select(['type_id', 'register_number', 'can_read', 'can_write'])
    .where('template_id', '=', id)
    .execute();
  const template: CompiledTemplate = {
    defaultRead: t.default_read === 1,
    defaultWrite: t.default_write,
    rights: new Map(rows.map((r) => [`${r.type_id}:${r.register_number}`, { read: r.can_read === 1, write: r.can_write === 1 }])),
  };
  cache.set(id, template);
  return template;
}

/**
 * The register rights of a signed-in user: those of their template, or when they have none the default of their role
 * (end users and helpers: Operator; everyone else: Full control). Root, admin and limited_admin always have full
 * rights. A register the template's rights name follows them; any other follows the template's defaults.
 */
export async function registerRights(db: Db, auth: AuthContext): Promise<RegisterRights> {
  if (changesAll(auth) || seesAll(auth)) return FULL;
  const id =
    auth.user.template_id ??
    (auth.roles.some((r) => OPERATOR_DEFAULT_ROLES.includes(r)) ? await builtinId(db, 'operator') : await builtinId(db, 'full'));
  const template = id === undefined ? null : await compiled(db, id);
  if (!template) return FULL;
  const named = (typeId: number | null, register: number) => (typeId === null ? undefined : template.rights.get(`${typeId}:${register}`));
  const except = [...template.rights]
    .filter(([, r]) => r.read !== template.defaultRead)
    .map(([k]) => k.split(':').map(Number) as [number, number]);
  return {
    readsAll: template.defaultRead && except.length === 0,
    reads: { byDefault: template.defaultRead, except },
    canRead: (typeId, register) => named(typeId, register)?.read ?? template.defaultRead,
    canWrite: (typeId, register, key) => {
      const right = named(typeId, register);
      if (right) return right.write;
      return template.defaultWrite === 'all' || (template.defaultWrite === 'operating' && OPERATING_REGISTER_KEYS.includes(key));
    },
  };
}
