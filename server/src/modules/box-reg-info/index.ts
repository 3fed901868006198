import fp from 'fastify-plugin';
import { boxRegInfoRoutes } from './routes.js';
import { BoxRegInfoService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    boxRegInfo: BoxRegInfoService;
  }
}

/** Box registration: ranges of box ids registered to a user, with their credentials shown once. */
export default fp(
  (app) => {
    const boxRegInfo = new BoxRegInfoService(app.db, app.ingest, app.datalog, app.bus, app.clock);
    app.decorate('boxRegInfo', boxRegInfo);
    boxRegInfoRoutes(app, boxRegInfo);
  },
  { name: 'box-reg-info', dependencies: ['bus', 'ingest', 'datalog'] },
);
