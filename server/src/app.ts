import helmet from '@fastify/helmet';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { BUILTIN_TYPES } from '@dms/contract/builtin-types';
import controllerTypeRoutes from './modules/controller-types/routes.js';
import { ControllerTypeService } from './modules/controller-types/service.js';
import datalogRoutes from './modules/datalog/routes.js';
import { DatalogService } from './modules/datalog/service.js';
import userRoutes from './modules/user/routes.js';
import { UserService } from './modules/user/service.js';
import boxRegRoutes from './modules/box-reg/routes.js';
import boxesRoutes from './modules/boxes/routes.js';
import brokerRoutes from './modules/broker/routes.js';
import deviceRoutes from './modules/devices/routes.js';
import exportRoutes from './modules/exports/routes.js';
import fleetRoutes from './modules/fleet/routes.js';
import historyRoutes from './modules/history/routes.js';
import { ExportService } from './modules/exports/service.js';
import auth from './plugins/auth.js';
import ingest from './plugins/ingest.js';
import realtime from './plugins/realtime.js';
import database from './plugins/database.js';
import { docsUi, openApi } from './plugins/docs.js';
import errors from './plugins/errors.js';
import web from './plugins/web.js';
import './types.js';

export interface BuildOptions {
  /** Pino logger options, or false for none (tests). */
  logger?: boolean | { level: string };
  /** Clock for the services (tests move time). */
  now?: () => number;
}

const services = fp(
  async (app, opts: { now: () => number }) => {
    const datalog = new DatalogService(app.db, opts.now);
    const controllerTypes = new ControllerTypeService(app.db, opts.now);
    const updated = await controllerTypes.ensureBuiltins(BUILTIN_TYPES);
    if (updated.length > 0) app.log.info({ updated }, 'built-in controller types installed');
    const exports = new ExportService(opts.now);
    app.addHook('onClose', async () => exports.close());
    app.decorate('services', { datalog, controllerTypes, exports, users: new UserService(app.db, app.config, datalog, opts.now) });
  },
  { name: 'services', dependencies: ['database'] },
);

/**
 * The whole server as a tree of plugins: external (database) → services → the data plane (ingest and its
 * broker) → cross-cutting (errors, auth, live push, security headers, OpenAPI) → the API areas under /api/v2 → the console.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // Per-request lines only at debug level and below; errors are always logged.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  await app.register(database);
  await app.register(services, { now: options.now ?? Date.now });
  await app.register(ingest, { now: options.now ?? Date.now });
  await app.register(errors);
  await app.register(auth);
  await app.register(realtime);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
        'font-src': ["'self'", 'data:'],
        'worker-src': ["'self'", 'blob:'],
      },
    },
  });
  await app.register(openApi);
  await app.register(
    async (api) => {
      await api.register(userRoutes, { prefix: '/user' });
      await api.register(datalogRoutes, { prefix: '/datalog' });
      await api.register(controllerTypeRoutes, { prefix: '/controller-types' });
      await api.register(deviceRoutes, { prefix: '/devices' });
      await api.register(exportRoutes, { prefix: '/exports' });
      await api.register(fleetRoutes, { prefix: '/fleet', now: options.now ?? Date.now });
      await api.register(historyRoutes);
      await api.register(boxRegRoutes, { prefix: '/box-reg' });
      await api.register(boxesRoutes, { prefix: '/boxes' });
      await api.register(brokerRoutes, { prefix: '/broker' });
    },
    { prefix: '/api/v2' },
  );
  await app.register(docsUi);
  await app.register(web);

  const pruneTimer = setInterval(() => {
    app.services.users.pruneSessions().catch((err: unknown) => app.log.warn({ err }, 'session prune failed'));
  }, 3_600_000);
  pruneTimer.unref();
  app.addHook('onClose', async () => clearInterval(pruneTimer));
  return app;
}
