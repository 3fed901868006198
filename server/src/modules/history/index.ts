import fp from 'fastify-plugin';
import { faultRecordSource, historySource } from './export.js';
import { RollupJob } from './rollup-job.js';
import { historyRoutes } from './routes.js';
import { HistoryService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    history: HistoryService;
    /** History's rollups (rollup-job.ts): every 10 s, and on `run()`. */
    rollups: RollupJob;
  }
}

/**
 * History: snapshots, candles, values at a moment, fault records, the `history` and `fault-records` exports, and the
 * job that keeps history's rollups.
 */
export default fp(
  (app) => {
    const history = new HistoryService(app.db, app.controllerTypes);
    app.decorate('history', history);
    app.exports.register('history', historySource(app.db, history));
    app.exports.register('fault-records', faultRecordSource(app.db, history));
    historyRoutes(app, history);
    const rollups = new RollupJob(
      app.db,
      app.config.database,
      app.log.child({ area: 'rollups' }),
      app.clock,
      app.config.ingest.rollupRetention,
    );
    app.decorate('rollups', rollups);
    app.addHook('onReady', () => {
      rollups.start(() => app.members.owns('job:rollups'));
    });
    app.addHook('onClose', async () => {
      await rollups.stop();
    });
  },
  { name: 'history', dependencies: ['bus', 'database', 'controller-types', 'exports'] },
);
