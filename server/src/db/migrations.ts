import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from './database.js';
import { users0001 } from './migrations/0001_users.js';
import { operationLog0002 } from './migrations/0002_operation_log.js';
import { controllerTypes0003 } from './migrations/0003_controller_types.js';
import { devices0004 } from './migrations/0004_devices.js';
import { deviceFields0005 } from './migrations/0005_device_fields.js';

/** A migration that may differ by database (auto-increment ids are the usual difference). */
export type DialectMigration = (dialect: Dialect) => Migration;

/** Every migration, in order. Add new ones at the end with the next number; never edit a shipped one. */
const MIGRATIONS: Record<string, DialectMigration> = {
  '0001_users': users0001,
  '0002_operation_log': operationLog0002,
  '0003_controller_types': controllerTypes0003,
  '0004_devices': devices0004,
  '0005_device_fields': deviceFields0005,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(Object.entries(MIGRATIONS).map(([name, m]) => [name, m(this.dialect)]));
  }
}

export class MigrationError extends Error {}

/** Brings the schema up to date; throws MigrationError naming the migration that failed and why. */
export async function migrate(db: Db, dialect: Dialect): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`Migration ${failed?.migrationName ?? '(setup)'} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
