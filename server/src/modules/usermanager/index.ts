import fp from 'fastify-plugin';
import { registerClaims } from './claims/index.js';
import { registerHelpers } from './helpers/index.js';
import { registerManagers } from './managers/index.js';

/** People and ownership (docs/people.md): helpers and sharing, claiming a box, sub-managers and assignment, the CK calls. */
export default fp(
  (app) => {
    registerHelpers(app);
    registerClaims(app);
    registerManagers(app);
  },
  { name: 'usermanager', dependencies: ['bus', 'datalog', 'user', 'permission-templates', 'exports', 'box-reg-info'] },
);
