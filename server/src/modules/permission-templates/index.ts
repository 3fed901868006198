import fp from 'fastify-plugin';

/** Permission templates: read and write rights per controller type and register (docs/people.md). */
export default fp(
  (app) => {
    void app;
  },
  { name: 'permission-templates', dependencies: ['datalog', 'controller-types'] },
);
