import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from './database.js';
import { MIGRATIONS } from './migrations.generated.js';

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(Object.fromEntries(Object.entries(MIGRATIONS).map(([name, m]) => [name, m(this.dialect)])));
  }
}

export class MigrationError extends Error {}

/** The message of what a migration threw: an Error's message, anything else as text. */
function reasonOf(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown);
}

/**
 * Brings the schema up to date; throws MigrationError naming the migration that failed and why. On PostgreSQL with
 * DATABASE_SCHEMA, the migration tables are looked for in that schema only: unnamed, Kysely finds another schema's
 * lock table and skips creating its own, and two instances migrating at once then fail.
 */
export async function migrate(db: Db, dialect: Dialect, schema?: string, upTo?: keyof typeof MIGRATIONS): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider(dialect), ...(schema ? { migrationTableSchema: schema } : {}) });
  // `upTo` (tests of a migration on the data an older schema held): that one and those before it, not the later ones.
  const { error, results } = upTo === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(upTo);
  const failed = results?.find((r) => r.status === 'Error');
  if (error) throw new MigrationError(`Migration ${failed?.migrationName ?? '(setup)'} failed: ${reasonOf(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
