import fp from 'fastify-plugin';
import { registerHelpers } from './helpers/index.js';
import { registerManagers } from './managers/index.js';

/** People and ownership: sub-managers, assignment, claims, helpers and sharing (docs/people.md). */
export default fp(
  (app) => {
    registerManagers(app);
    registerHelpers(app);
  },
  { name: 'usermanager', dependencies: ['datalog', 'ingest', 'realtime', 'permission-templates'] },
);
