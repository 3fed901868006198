import fp from 'fastify-plugin';
import { faultRecordSource, historySource } from './export.js';
import { historyRoutes } from './routes.js';
import { HistoryService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    history: HistoryService;
  }
}

/** History: snapshots, candles, values at a moment, fault records, and the `history` and `fault-records` exports. */
export default fp(
  (app) => {
    const history = new HistoryService(app.db, app.controllerTypes);
    app.decorate('history', history);
    app.exports.register('history', historySource(app.db, history));
    app.exports.register('fault-records', faultRecordSource(app.db, history));
    historyRoutes(app, history);
  },
  { name: 'history', dependencies: ['database', 'controller-types', 'exports'] },
);
