import { api } from '@dms/contract';
import fp from 'fastify-plugin';
import { route } from '../../http/route.js';
import { ensureBuiltinTemplates } from './seed.js';
import { TemplateService } from './service.js';

/** Permission templates: read and write rights per controller type and register (docs/people.md); root's calls. */
export default fp(
  async (app) => {
    await ensureBuiltinTemplates(app.db);
    const templates = new TemplateService(app.db, app.users, app.datalog);
    const e = api.permissionTemplates;
    route(app, e.list, () => templates.list());
    route(app, e.get, ({ params }) => templates.get(params.id));
    route(app, e.create, ({ auth, body, ip }) => templates.create(auth, body, ip));
    route(app, e.save, async ({ auth, params, body, ip }) => {
      await templates.save(auth, params.id, body, ip);
      return null;
    });
    route(app, e.remove, async ({ auth, params, ip }) => {
      await templates.remove(auth, params.id, ip);
      return null;
    });
  },
  { name: 'permission-templates', dependencies: ['datalog', 'controller-types', 'user'] },
);
