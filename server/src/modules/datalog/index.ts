import fp from 'fastify-plugin';
import { datalogRoutes } from './routes.js';
import { DatalogService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    datalog: DatalogService;
  }
}

/** The operation log, the server log and the console error reports: written by every area, read under /datalog. */
export default fp(
  (app) => {
    const datalog = new DatalogService(app.db, app.clock);
    app.decorate('datalog', datalog);
    datalogRoutes(app, datalog);
  },
  { name: 'datalog', dependencies: ['database'] },
);
