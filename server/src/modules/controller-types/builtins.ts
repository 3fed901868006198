import type { ControllerTypeDef, RegisterDef, TypePageConfig } from '@dms/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { toRow } from './registers.js';
import * as repo from './repository.js';

/**
 * Seeds controller types that do not exist yet (by code): each its row (built-in), its registers and its version 1,
 * saved by nobody. Migration 0017 seeds the built-in types (and their pages, `seedPages`) with it once; after that they are ordinary rows that root
 * edits, and no start touches them again. Answers the codes it added.
 */
export async function seedTypes(
  db: Kysely<Database> | Transaction<Database>,
  defs: readonly ControllerTypeDef[],
  now: number,
): Promise<string[]> {
  const added: string[] = [];
  for (const def of defs) {
    if (await repo.findTypeByCode(db, def.code)) continue;
    const id = await repo.insertType(db, {
      code: def.code,
      kind: def.kind,
      name: JSON.stringify(def.name),
      builtin: 1,
      created_at: now,
      updated_at: now,
      version: 1,
      updated_by: null,
      charts: null,
    });
    const rows = def.registers.map((r) => toRow(id, r));
    await repo.replaceRegisters(db, id, rows);
    await repo.insertVersion(db, id, 1, null, now, rows);
    added.push(def.code);
  }
  return added;
}

/**
 * Seeds the `default` page of types (by code) that exist, were seeded (built-in) and have no `default` page saved: the
 * pages a release's built-in types come with. Answers the codes it gave one.
 */
export async function seedPages(
  db: Kysely<Database> | Transaction<Database>,
  pages: Readonly<Partial<Record<string, TypePageConfig>>>,
  now: number,
): Promise<string[]> {
  const added: string[] = [];
  for (const [code, page] of Object.entries(pages)) {
    if (!page) continue;
    const type = await repo.findTypeByCode(db, code);
    if (type?.builtin !== 1) continue;
    const saved = await db
      .selectFrom('type_pages')
      .select('alias')
      .where('type_id', '=', type.id)
      .where('alias', '=', 'default')
      .executeTakeFirst();
    if (saved) continue;
    await db
      .insertInto('type_pages')
      .values({ type_id: type.id, alias: 'default', config: JSON.stringify(page), updated_at: now, updated_by: null })
      .execute();
    added.push(code);
  }
  return added;
}

/**
 * Adds registers a release brings to a built-in type an install has (by code): those of `defs` whose key and words
 * the type's map does not have yet, as a new version saved by nobody. A type root removed, renamed or filled where they
 * go is left as root made it. Answers whether the type changed.
 */
export async function addBuiltinRegisters(
  db: Kysely<Database> | Transaction<Database>,
  code: string,
  defs: readonly RegisterDef[],
  now: number,
): Promise<boolean> {
  const type = await repo.findTypeByCode(db, code);
  if (type?.builtin !== 1) return false;
  const rows = await repo.registersOf(db, type.id);
  const taken = new Set(rows.flatMap((r) => Array.from({ length: r.words }, (_, i) => r.number + i)));
  const keys = new Set(rows.map((r) => r.key));
  const fits = (d: RegisterDef) => Array.from({ length: d.words ?? 1 }, (_, i) => d.number + i).every((n) => !taken.has(n));
  if (defs.some((d) => keys.has(d.key)) || !defs.every(fits)) return false;
  const version = type.version + 1;
  await db
    .insertInto('controller_registers')
    .values(defs.map((d) => toRow(type.id, d)))
    .execute();
  await repo.updateType(db, type.id, { kind: type.kind, name: type.name, updated_at: now, version, updated_by: null });
  await repo.insertVersion(db, type.id, version, null, now);
  return true;
}
