import fp from 'fastify-plugin';
import { ipLogSource } from './ip-log.js';
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
    app.exports.register('ip-log', ipLogSource(app.db));
  },
  { name: 'boxes', dependencies: ['ingest', 'devices', 'datalog', 'smartbox', 'exports'] },
);
