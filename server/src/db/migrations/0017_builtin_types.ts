import { BUILTIN_PAGES, BUILTIN_TYPES } from '@dms/seed';
import type { Kysely } from 'kysely';
import { seedPages, seedTypes } from '../../modules/controller-types/builtins.js';
import type { Database } from '../schema.js';
import type { DialectMigration } from './helpers.js';

/**
 * The built-in controller types (screw compressor, maglev blower, generic PLC; issue 20) as ordinary rows, seeded once:
 * a new install gets them as this release ships them (registers, version 1, their operating and switch registers
 * marked); an install that has them (the starts before this release installed them) keeps its own. No start installs
 * or repairs them again: root edits them as any type, and a release that changes their maps ships a migration. The
 * built-in types' `default` pages come with them (the maglev blower's gauges, key figures and chart roles), for an
 * install that had the types too.
 */
export const builtinTypes0017: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    // The typed view of the database as the migrations before this one left it (the schema of this release).
    const typed = db as unknown as Kysely<Database>;
    await seedTypes(typed, BUILTIN_TYPES, Date.now());
    await seedPages(typed, BUILTIN_PAGES, Date.now());
  },
});
