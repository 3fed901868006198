import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { Code, httpStatus, message } from '@dms/contract';
import fp from 'fastify-plugin';

/**
 * Serves the built console from WEB_DIST. Client routes fall back to index.html; /api/* never does
 * (an unknown API path answers 404 in the envelope). When PRODUCTION_HOST is set, index.html carries it
 * in a meta tag so the console can send /login to /mlogin on that host.
 */
export default fp(
  async (app) => {
    const root = app.config.webDist;
    const indexFile = path.join(root, 'index.html');
    const built = fs.existsSync(indexFile);
    let indexHtml = built ? fs.readFileSync(indexFile, 'utf8') : '';
    if (built && app.config.productionHost) {
      indexHtml = indexHtml.replace('</head>', `<meta name="dms-production-host" content="${app.config.productionHost}"></head>`);
    }

    if (built) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        setHeaders: (res, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.log.warn({ root }, 'console not built: run `npm run build` to serve it');
    }

    app.setNotFoundHandler(async (request, reply) => {
      const isApi = request.url === '/api' || request.url.startsWith('/api/');
      if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply.status(httpStatus[Code.NOT_FOUND]).send({ code: Code.NOT_FOUND, message: message(request.lang, 'error.notFound') });
      }
      if (!built) {
        return reply.status(503).type('text/plain').send('The console is not built yet: run `npm run build`.');
      }
      return reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    });
  },
  { name: 'web', dependencies: ['auth'] },
);
