import fp from 'fastify-plugin';
import { fleetRoutes } from './routes.js';
import { FleetService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    fleet: FleetService;
  }
}

/** Fleet figures and the map over the devices a user sees. */
export default fp(
  (app) => {
    const fleet = new FleetService(app.db, app.ingest, app.devices, app.clock);
    app.decorate('fleet', fleet);
    fleetRoutes(app, fleet);
  },
  { name: 'fleet', dependencies: ['ingest', 'devices'] },
);
