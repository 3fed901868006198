import fp from 'fastify-plugin';
import { exportRoutes } from './routes.js';
import { ExportService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    exports: ExportService;
  }
}

/** Export jobs: each area registers its kinds (`app.exports.register(kind, source)`); files written in the background. */
export default fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- async so a failure to make the export directory rejects app.ready(): a sync plugin's throw goes uncaught
  async (app) => {
    const exports = new ExportService(app.clock);
    app.addHook('onClose', () => {
      exports.close();
    });
    app.decorate('exports', exports);
    exportRoutes(app, exports);
  },
  { name: 'exports', dependencies: ['database'] },
);
