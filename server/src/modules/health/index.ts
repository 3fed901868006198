import fp from 'fastify-plugin';
import { healthRoutes } from './routes.js';
import { HealthService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    health: HealthService;
  }
}

/** Whether the server's parts are up: GET /health, for load balancers and monitoring. */
export default fp(
  (app) => {
    const bus = app.redis?.bus;
    const health = new HealthService(
      app.db,
      () => app.brokerStatus().connected,
      app.log.child({ area: 'health' }),
      undefined,
      bus ? () => bus.stats.connected : null,
    );
    app.decorate('health', health);
    healthRoutes(app, health);
  },
  { name: 'health', dependencies: ['bus', 'database', 'ingest'] },
);
