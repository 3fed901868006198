import fp from 'fastify-plugin';
import { registerHelpers } from './helpers/index.js';

/** People and ownership (docs/people.md): helpers and sharing; sub-managers, assignment and claims follow here. */
export default fp(
  (app) => {
    registerHelpers(app);
  },
  { name: 'usermanager', dependencies: ['datalog', 'user', 'realtime', 'permission-templates'] },
);
