import type { ControllerTypeDef } from '@dms/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { toRow } from './registers.js';
import * as repo from './repository.js';

/**
 * Seeds controller types that do not exist yet (by code): each its row (built-in), its registers and its version 1,
 * saved by nobody. Migration 0017 seeds the built-in types with it once; after that they are ordinary rows that root
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
