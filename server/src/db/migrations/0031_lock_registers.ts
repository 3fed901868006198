import { BUILTIN_TYPES, LOCK_KEYS } from '@dms/seed';
import type { Kysely } from 'kysely';
import { addBuiltinRegisters } from '../../modules/controller-types/builtins.js';
import type { Database } from '../schema.js';
import type { DialectMigration } from './helpers.js';

/**
 * The lock block of the built-in maps (issue 24; packages/seed/src/lock-registers.ts): an install whose built-in types
 * came before it gets the block as each type's next version, saved by nobody. A new install has it from migration
 * 0017 already, and a type root changed where the block goes keeps root's map.
 */
export const lockRegisters0031: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    const typed = db as unknown as Kysely<Database>;
    const lockKeys: readonly string[] = LOCK_KEYS;
    for (const type of BUILTIN_TYPES) {
      await addBuiltinRegisters(
        typed,
        type.code,
        type.registers.filter((r) => lockKeys.includes(r.key)),
        Date.now(),
      );
    }
  },
});
