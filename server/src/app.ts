import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { requireDescriptors } from './http/route.js';
import metrics from './metrics/index.js';
import * as AREA_MODULES from './modules.generated.js';
import { inDependencyOrder } from './plugin-order.js';
import auth from './plugins/auth.js';
import ingest from './plugins/ingest.js';
import realtime from './plugins/realtime.js';
import bus from './plugins/bus.js';
import sealer from './plugins/sealer.js';
import database, { openMigrated } from './plugins/database.js';
import { docsUi, openApi } from './plugins/docs.js';
import errors, { clientErrorHandler, frameworkErrors } from './plugins/errors.js';
import securityHeaders from './plugins/security-headers.js';
import web from './plugins/web.js';
import './types.js';

export interface BuildOptions {
  /** Pino logger options, or false for none (tests); a stream takes the JSON lines (tests that read the log). */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Clock for the services (tests move time). */
  now?: () => number;
}

/**
 * The whole server as a tree of plugins: external (database) → cross-cutting (errors, auth, security headers,
 * OpenAPI) → the core modules the data plane needs (operation log, accounts, controller types, export jobs) → the
 * data plane (ingest and its broker, live push) → the feature modules → the console. Each module is a named plugin
 * that builds its service once, decorates the app with it, and registers its endpoints (server/src/http/route.ts).
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // The router's own errors and Node's refusals answer the envelope with helmet's headers too (plugins/errors.ts).
    frameworkErrors,
    clientErrorHandler,
    // Per-request lines only at debug level and below; errors are always logged.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // A file sent whole (an upload endpoint's body; docs/api.md): its bytes, read within the route's body limit.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  app.decorate('clock', options.now ?? Date.now);
  requireDescriptors(app);

  await app.register(bus);
  // Opened and migrated outside the plugins' start timeout (plugins/database.ts).
  await app.register(database, { opened: await openMigrated(config, app.log) });
  await app.register(sealer);
  // Before every route, so that each answer is timed.
  await app.register(metrics);
  await app.register(errors);
  // Before auth: an answer refused at sign-in (401, 403) carries the security headers of a 200.
  await app.register(securityHeaders);
  await app.register(auth);
  await app.register(openApi);
  // The data plane and every area's module (server/src/modules/<area>/, found by scripts/areas.mjs), each after
  // the plugins it names as dependencies.
  for (const plugin of inDependencyOrder([ingest, realtime, ...Object.values(AREA_MODULES)])) await app.register(plugin);
  await app.register(docsUi);
  await app.register(web);
  return app;
}
