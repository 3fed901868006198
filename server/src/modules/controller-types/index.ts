import { BUILTIN_TYPES } from '@dms/contract/builtin-types';
import fp from 'fastify-plugin';
import { controllerTypeRoutes } from './routes.js';
import { ControllerTypeService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    controllerTypes: ControllerTypeService;
  }
}

/** Controller types and their register maps; the built-in ones installed and repaired at start. */
export default fp(
  async (app) => {
    const controllerTypes = new ControllerTypeService(app.db, app.clock);
    const updated = await controllerTypes.ensureBuiltins(BUILTIN_TYPES);
    if (updated.length > 0) app.log.info({ updated }, 'built-in controller types installed');
    app.decorate('controllerTypes', controllerTypes);
    controllerTypeRoutes(app, controllerTypes);
  },
  { name: 'controller-types', dependencies: ['database'] },
);
