import fp from 'fastify-plugin';
import { boxRoutes } from './routes.js';
import { BoxesService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    boxes: BoxesService;
  }
}

/** Cloud boxes: one box's page, unregistered boxes, the IP log, ingest statistics, and clearing a box's fault records. */
export default fp(
  (app) => {
    const boxes = new BoxesService(app.db, app.ingest, app.devices, app.datalog, app.boxCommands);
    app.decorate('boxes', boxes);
    boxRoutes(app, boxes);
  },
  { name: 'boxes', dependencies: ['ingest', 'devices', 'datalog', 'smartbox'] },
);
