import { api } from '@dms/contract';
import fp from 'fastify-plugin';
import { route } from '../../http/route.js';
import { TypeChartsService } from './charts.js';
import { typeExport } from './export.js';
import { RelationService } from './relations.js';
import { ControllerTypeService } from './service.js';
import { TypePageService } from './pages.js';
import { protocolOf, typeProtocolExport } from './protocol.js';
import { previewUpload, typeMapExport } from './upload.js';

declare module 'fastify' {
  interface FastifyInstance {
    controllerTypes: ControllerTypeService;
  }
}

declare module '../../events/bus.js' {
  interface DomainEvents {
    /** A controller type was made, changed or deleted: ingest and the live pages read its register map again. */
    typeChanged: { typeId: number };
  }
}

/**
 * Controller types and their register maps (the built-in ones seeded once by migration 0017): read by everyone who
 * sees devices, managed by root at /device-type/type-config, and the model codes boxes report mapped to them at
 * /device-type/relation (thin routes over the services).
 */
export default fp(
  (app) => {
    // Ingest and the template cache on every instance follow it.
    app.bus.share('typeChanged');
    const types = new ControllerTypeService(app.db, app.clock, app.bus, app.datalog);
    app.decorate('controllerTypes', types);
    app.exports.register('controller-types', typeExport(types, app.clock));
    app.exports.register('type-map', typeMapExport(types));
    app.exports.register('type-protocol', typeProtocolExport(types));
    const e = api.controllerTypes;
    route(app, e.list, () => types.list());
    route(app, e.page, ({ query }) => types.page(query));
    route(app, e.get, ({ params }) => types.get(params.id));
    route(app, e.create, ({ auth, body, ip }) => types.create(auth, body, ip));
    route(app, e.copy, ({ auth, params, body, ip }) => types.copy(auth, params.id, body, ip));
    route(app, e.edit, ({ params }) => types.edit(params.id));
    route(app, e.save, ({ auth, params, body, ip, lang }) => types.save(auth, params.id, body, ip, lang));
    route(app, e.upload, ({ params, body, lang }) => previewUpload(types, params.id, params.language, body, lang));
    route(app, e.versions, ({ params }) => types.versions(params.id));
    route(app, e.protocol, ({ params }) => protocolOf(types, params.id, params.alias));
    const pages = new TypePageService(app.db, app.clock, app.bus, app.datalog);
    route(app, e.typePage, ({ params }) => pages.get(params.id, params.alias));
    route(app, e.saveTypePage, ({ auth, params, body, ip, lang }) => pages.save(auth, params.id, params.alias, body, ip, lang));
    route(app, e.removeTypePage, ({ auth, params, ip }) => pages.remove(auth, params.id, params.alias, ip));
    route(app, e.remove, async ({ auth, params, ip }) => {
      await types.remove(auth, params.id, ip);
      return null;
    });
    const charts = new TypeChartsService(app.db, types, app.bus, app.datalog);
    route(app, e.charts, ({ query }) => charts.page(query));
    route(app, e.saveCharts, ({ auth, params, body, ip }) => charts.save(auth, params.id, body, ip));
    const relations = new RelationService(app.db, app.clock, app.bus, app.datalog);
    route(app, e.relations, ({ query }) => relations.page(query));
    route(app, e.unmapped, () => relations.unmapped());
    route(app, e.saveRelation, ({ auth, params, body, ip }) => relations.save(auth, params.modelCode, body.typeId, ip));
    route(app, e.removeRelation, ({ auth, params, ip }) => relations.remove(auth, params.modelCode, ip));
  },
  { name: 'controller-types', dependencies: ['database', 'bus', 'datalog', 'exports'] },
);
