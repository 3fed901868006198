import { api } from '@dms/contract';
import fp from 'fastify-plugin';
import { invalidateTemplates } from '../../access/index.js';
import { route } from '../../http/route.js';
import { ensureBuiltinTemplates } from './seed.js';
import { TemplateService } from './service.js';

/** Permission templates: read and write rights per controller type and register (docs/people.md); root's calls. */
export default fp(
  async (app) => {
    await ensureBuiltinTemplates(app.db, app.clock());
    const templates = new TemplateService(app.db, app.bus, app.datalog, app.clock);
    // The compiled rights of the access module are dropped whenever a template or a type's map changes, on
    // whichever instance (a map says which addresses are the second words of its 32-bit registers).
    app.bus.on('templateChanged', () => {
      invalidateTemplates();
    });
    app.bus.on('typeChanged', () => {
      invalidateTemplates();
    });
    app.bus.on('busResumed', () => {
      invalidateTemplates();
    });
    const e = api.permissionTemplates;
    route(app, e.list, ({ query }) => templates.list(query));
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
  { name: 'permission-templates', dependencies: ['bus', 'datalog', 'controller-types', 'user'] },
);
