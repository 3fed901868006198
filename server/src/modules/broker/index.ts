import fp from 'fastify-plugin';
import { brokerRoutes } from './routes.js';

/** The external broker's auth hooks. */
export default fp(
  (app) => {
    brokerRoutes(app);
  },
  { name: 'broker', dependencies: ['ingest'] },
);
