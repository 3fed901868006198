import fp from 'fastify-plugin';
import { Sealer } from '../security/sealed.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's key (SECRET_KEY, or DATA_DIR/secret.key), read once: what seals secrets at rest and derives MACs. */
    sealer: Sealer;
  }
}

/** The one Sealer of the process (server/src/security/sealed.ts): the key file is read, or made, once at start. */
export default fp(
  (app) => {
    app.decorate('sealer', Sealer.fromConfig(app.config));
  },
  { name: 'sealer' },
);
