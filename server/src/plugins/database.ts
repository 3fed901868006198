import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type OpenDatabase } from '../db/database.js';
import { repairReach } from '../access/reach.js';
import { migrate } from '../db/migrations.js';
import type { Config } from '../config.js';

/**
 * Opens the database, runs the migrations and fills missing device reach. buildApp calls it before it registers any
 * plugin: the first start after an upgrade of a large install migrates for minutes, longer than a plugin may take to
 * start (Fastify's `pluginTimeout`, kept for every other plugin).
 */
export async function openMigrated(config: Config, log: FastifyBaseLogger): Promise<OpenDatabase> {
  const opened = await openDatabase(config.database, log);
  try {
    const database = config.database;
    const applied = await migrate(opened.db, opened.dialect, database.kind === 'postgres' ? database.schema : undefined);
    if (applied.length > 0) log.info({ applied }, 'database migrated');
    // Devices from before migration 0008 (or any a path stored without its reach) get theirs: docs/people.md.
    const repaired = await repairReach(opened.db);
    if (repaired > 0) log.info({ devices: repaired }, 'device reach filled');
    return opened;
  } catch (err) {
    await opened.close();
    throw err;
  }
}

/** The database `openMigrated` opened, on the app, closed with it. */
export default fp<{ opened: OpenDatabase }>(
  (app, { opened }, done) => {
    app.decorate('db', opened.db);
    app.decorate('dialect', opened.dialect);
    app.addHook('onClose', opened.close);
    done();
  },
  { name: 'database' },
);
