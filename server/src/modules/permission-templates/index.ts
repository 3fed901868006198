import fp from 'fastify-plugin';
import { ensureBuiltinTemplates } from './seed.js';

/** Permission templates: read and write rights per controller type and register (docs/people.md). */
export default fp(
  async (app) => {
    await ensureBuiltinTemplates(app.db);
  },
  { name: 'permission-templates', dependencies: ['datalog', 'controller-types'] },
);
