import fp from 'fastify-plugin';
import { openDatabase } from '../db/database.js';
import { repairReach } from '../access/reach.js';
import { migrate } from '../db/migrations.js';

/** Opens the database, runs the migrations, fills missing device reach, and closes it with the app. */
export default fp(
  async (app) => {
    const { db, dialect, close } = await openDatabase(app.config.database, app.log);
    try {
      const database = app.config.database;
      const applied = await migrate(db, dialect, database.kind === 'postgres' ? database.schema : undefined);
      if (applied.length > 0) app.log.info({ applied }, 'database migrated');
      // Devices from before migration 0008 (or any a path stored without its reach) get theirs: docs/people.md.
      const repaired = await repairReach(db);
      if (repaired > 0) app.log.info({ devices: repaired }, 'device reach filled');
    } catch (err) {
      await close();
      throw err;
    }
    app.decorate('db', db);
    app.decorate('dialect', dialect);
    app.addHook('onClose', close);
  },
  { name: 'database' },
);
