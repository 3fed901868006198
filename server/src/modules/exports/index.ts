import fp from 'fastify-plugin';
import { exportRoutes } from './routes.js';
import { ExportService } from './service.js';
import { LocalExportStore, RedisExportStore } from './store.js';

declare module 'fastify' {
  interface FastifyInstance {
    exports: ExportService;
  }
}

/**
 * Export jobs: each area registers its kinds (`app.exports.register(kind, source)`); files written in the background,
 * kept in this instance or, with REDIS_URL, in Redis for every instance (store.ts).
 */
export default fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- async so a failure to make the export directory rejects app.ready(): a sync plugin's throw goes uncaught
  async (app) => {
    const store = app.redis ? new RedisExportStore(app.redis.client, app.redis.prefix) : new LocalExportStore(app.clock);
    const exports = new ExportService(app.clock, store, { self: app.members.self, live: () => app.members.live() });
    app.addHook('onClose', () => {
      exports.close();
    });
    app.decorate('exports', exports);
    exportRoutes(app, exports);
  },
  { name: 'exports', dependencies: ['bus', 'database'] },
);
