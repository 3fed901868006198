import fp from 'fastify-plugin';
import { registerClaims } from './claims/index.js';
import type { HelperService } from './helpers/service.js';
import { registerHelpers } from './helpers/index.js';
import type { ManagerService } from './managers/service.js';
import { registerManagers } from './managers/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The services that create and manage the people below a user: sub-managers and helpers. The load script creates
     * them through these in a parent's place (docs/scripts.md), as the parent's own screens do.
     */
    peopleBelow: { managers: ManagerService; helpers: HelperService };
  }
}

/** People and ownership (docs/people.md): helpers and sharing, claiming a box, sub-managers and assignment, the CK calls. */
export default fp(
  (app) => {
    const helpers = registerHelpers(app);
    registerClaims(app);
    const managers = registerManagers(app);
    app.decorate('peopleBelow', { managers, helpers });
  },
  { name: 'usermanager', dependencies: ['bus', 'datalog', 'user', 'permission-templates', 'exports', 'box-reg-info'] },
);
