import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from './database.js';
import { users0001 } from './migrations/0001_users.js';
import { operationLog0002 } from './migrations/0002_operation_log.js';
import { controllerTypes0003 } from './migrations/0003_controller_types.js';
import { devices0004 } from './migrations/0004_devices.js';
import { deviceFields0005 } from './migrations/0005_device_fields.js';
import { clientErrors0006 } from './migrations/0006_client_errors.js';
import { historyBoxTs0007 } from './migrations/0007_history_box_ts.js';
import { people0008 } from './migrations/0008_people.js';
import { userTemplateFk0009 } from './migrations/0009_user_template_fk.js';
import { typeVersions0010 } from './migrations/0010_type_versions.js';
import { typeRelations0011 } from './migrations/0011_type_relations.js';
import { registerCoding0012 } from './migrations/0012_register_coding.js';
import { registerRoles0013 } from './migrations/0013_register_roles.js';
import { typeCharts0014 } from './migrations/0014_type_charts.js';
import { ckCodes0015 } from './migrations/0015_ck_codes.js';
import { typePages0016 } from './migrations/0016_type_pages.js';
import { builtinTypes0017 } from './migrations/0017_builtin_types.js';
import { events0018 } from './migrations/0018_events.js';
import { charts0019 } from './migrations/0019_charts.js';
import { notifications0020 } from './migrations/0020_notifications.js';
import { announcements0021 } from './migrations/0021_announcements.js';
import { iotCards0022 } from './migrations/0022_iot_cards.js';
import { cardFeedback0023 } from './migrations/0023_card_feedback.js';
import type { DialectMigration } from './migrations/helpers.js';

/** Every migration, in order. Add new ones at the end with the next number; never edit a shipped one. */
const MIGRATIONS = {
  '0001_users': users0001,
  '0002_operation_log': operationLog0002,
  '0003_controller_types': controllerTypes0003,
  '0004_devices': devices0004,
  '0005_device_fields': deviceFields0005,
  '0006_client_errors': clientErrors0006,
  '0007_history_box_ts': historyBoxTs0007,
  '0008_people': people0008,
  '0009_user_template_fk': userTemplateFk0009,
  '0010_type_versions': typeVersions0010,
  '0011_type_relations': typeRelations0011,
  '0012_register_coding': registerCoding0012,
  '0013_register_roles': registerRoles0013,
  '0014_type_charts': typeCharts0014,
  '0015_ck_codes': ckCodes0015,
  '0016_type_pages': typePages0016,
  '0017_builtin_types': builtinTypes0017,
  '0018_events': events0018,
  '0019_charts': charts0019,
  '0020_notifications': notifications0020,
  '0021_announcements': announcements0021,
  '0022_iot_cards': iotCards0022,
  '0023_card_feedback': cardFeedback0023,
} satisfies Record<string, DialectMigration>;

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
