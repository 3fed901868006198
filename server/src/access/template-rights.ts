import {
  DEFAULT_WRITES,
  OPERATOR_DEFAULT_ROLES,
  registerRead,
  registerRight,
  rightKey,
  type BuiltinTemplateKey,
  type TemplateRights,
} from '@dms/contract';
import type { Db } from '../db/database.js';
import type { AuthContext } from '../types.js';
import { changesAll, seesAll } from './rule.js';

/** What a user's template lets them do with the registers of the devices they reach (docs/people.md). */
export interface RegisterRights {
  /** Reads every register of every type (nothing to leave out of values). */
  readsAll: boolean;
  canRead(typeId: number | null, register: number): boolean;
  canWrite(typeId: number | null, register: number, operating: boolean): boolean;
  /**
   * The read rights as data, for a query to apply them (fault records, counts): what a register not named reads, and
   * the (type, register) pairs whose read right differs from that.
   */
  reads: { byDefault: boolean; except: ReadonlyArray<readonly [typeId: number, register: number]> };
}

const FULL: RegisterRights = { readsAll: true, canRead: () => true, canWrite: () => true, reads: { byDefault: true, except: [] } };
/** What a user has when neither their template nor the built-in one they fall back to can be read. */
const NONE: RegisterRights = { readsAll: false, canRead: () => false, canWrite: () => false, reads: { byDefault: false, except: [] } };

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

/** The checks of each template read, by id; dropped whenever a template changes (`invalidateTemplates`). */
const cache = new Map<number, RegisterRights>();
let builtinIds: Map<string, number> | null = null;
/**
 * The second word of every register of two words (register map version 2), as `typeId:address` → the register's
 * number: the right over a register is the right over both its words, so that neither half of a withheld 32-bit
 * value reaches a user, nor a permitted one arrives without its second half.
 */
let secondWords: Map<string, number> | null = null;

/** Drops what was read of the templates and the maps' words: call after any change of a template or a type. */
export function invalidateTemplates(): void {
  cache.clear();
  builtinIds = null;
  secondWords = null;
}

async function loadSecondWords(db: Db): Promise<Map<string, number>> {
  if (!secondWords) {
    const rows = await db.selectFrom('controller_registers').select(['type_id', 'number']).where('words', '=', 2).execute();
    secondWords = new Map(rows.map((r) => [rightKey(r.type_id, r.number + 1), r.number]));
  }
  return secondWords;
}

/** The same rights with each second word of a two-word register taking its register's. */
function byRegister(rights: RegisterRights, words: Map<string, number>): RegisterRights {
  if (rights.readsAll || words.size === 0) return rights;
  const owner = (typeId: number | null, address: number) => (typeId === null ? address : (words.get(rightKey(typeId, address)) ?? address));
  return {
    ...rights,
    canRead: (typeId, register) => rights.canRead(typeId, owner(typeId, register)),
    canWrite: (typeId, register, operating) => rights.canWrite(typeId, owner(typeId, register), operating),
  };
}

async function builtinId(db: Db, key: BuiltinTemplateKey): Promise<number | undefined> {
  if (!builtinIds) {
    const rows = await db.selectFrom('permission_templates').select(['id', 'builtin']).where('builtin', 'is not', null).execute();
    builtinIds = new Map(rows.flatMap((r) => (r.builtin ? [[r.builtin, r.id] as const] : [])));
  }
  return builtinIds.get(key);
}

const isDefaultWrite = (v: string): v is TemplateRights['defaultWrite'] => (DEFAULT_WRITES as readonly string[]).includes(v);

/** The checks of a template, or null when its row is gone or its defaults are not ones this server knows. */
async function compiled(db: Db, id: number | undefined): Promise<RegisterRights | null> {
  if (id === undefined) return null;
  const hit = cache.get(id);
  if (hit) return hit;
  const t = await db.selectFrom('permission_templates').select(['default_read', 'default_write']).where('id', '=', id).executeTakeFirst();
  if (!t || !isDefaultWrite(t.default_write)) return null;
  const rows = await db
    .selectFrom('permission_template_rights')
    .select(['type_id', 'register_number', 'can_read', 'can_write'])
    .where('template_id', '=', id)
    .execute();
  const template: TemplateRights = {
    defaultRead: t.default_read === 1,
    defaultWrite: t.default_write,
    rights: new Map(rows.map((r) => [rightKey(r.type_id, r.register_number), { read: r.can_read === 1, write: r.can_write === 1 }])),
  };
  const rights = rightsOf(template);
  cache.set(id, rights);
  return rights;
}

/** The checks of one template, by the contract's rule (`registerRight`: a template never writes what it cannot read). */
function rightsOf(template: TemplateRights): RegisterRights {
  const except = [...template.rights]
    .filter(([, r]) => r.read !== template.defaultRead)
    .map(([k]) => k.split(':').map(Number) as [number, number]);
  return {
    readsAll: template.defaultRead && except.length === 0,
    reads: { byDefault: template.defaultRead, except },
    canRead: (typeId, register) => registerRead(template, typeId, register),
    canWrite: (typeId, register, operating) => registerRight(template, typeId, register, operating).write,
  };
}

/**
 * The register rights of a signed-in user (docs/people.md "Permission templates"). Root, admin and limited_admin
 * always have full rights. Anyone else has those of their template, or when they have none the default of their role
 * (end users and helpers: Operator; everyone else: Full control). Failing closed, never to full rights: when that
 * template's row is gone or cannot be read, end users and helpers get Operator and everyone else Read only; when that
 * built-in row is missing too, nothing (no register read, none written).
 */
export async function registerRights(db: Db, auth: AuthContext): Promise<RegisterRights> {
  if (changesAll(auth) || seesAll(auth)) return FULL;
  const operator = auth.roles.some((r) => OPERATOR_DEFAULT_ROLES.includes(r));
  const own = await compiled(db, auth.user.template_id ?? (await builtinId(db, operator ? 'operator' : 'full')));
  const rights = own ?? (await compiled(db, await builtinId(db, operator ? 'operator' : 'read-only'))) ?? NONE;
  return byRegister(rights, await loadSecondWords(db));
}
