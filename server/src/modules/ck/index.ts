import { api } from '@dms/contract';
import fp from 'fastify-plugin';
import { route } from '../../http/route.js';
import { BoxCkService } from './box-ck.js';
import { CkService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Boxes' CK codes: the maintenance scripts set them through it. */
    boxCks: BoxCkService;
  }
}

declare module '../../events/bus.js' {
  interface DomainEvents {
    /** A CK's types changed (`ck`), every mapping (null), or a CK went: ingest reads the type rules again. */
    ckChanged: { ck: string | null };
    /** These boxes carry a new CK (or none): ingest gives their devices the types the CK allows. */
    boxCkChanged: { boxIds: readonly number[]; ck: string | null };
  }
}

/**
 * CK codes (/device-type/CK-config, /device-type/CK-config/model/{ck}; docs/api.md "CK codes"): each code's company
 * and the controller types its boxes' devices may take, their bulk generation, and the box-CK table with its history
 * (thin routes over the services).
 */
export default fp(
  (app) => {
    // Ingest's type rules on every instance follow them.
    app.bus.share('ckChanged', 'boxCkChanged');
    const cks = new CkService(app.db, app.clock, app.bus, app.datalog);
    const boxes = new BoxCkService(app.db, app.clock, app.bus, app.datalog);
    app.decorate('boxCks', boxes);
    const e = api.ck;
    route(app, e.list, ({ query }) => cks.page(query));
    route(app, e.get, ({ params }) => cks.get(params.ck));
    route(app, e.create, ({ auth, body, ip }) => cks.create(auth, body, ip));
    route(app, e.update, ({ auth, params, body, ip }) => cks.update(auth, params.ck, body.company, ip));
    route(app, e.remove, ({ auth, params, ip }) => cks.remove(auth, params.ck, ip));
    route(app, e.saveTypes, ({ auth, params, body, ip }) => cks.saveTypes(auth, params.ck, body.typeIds, ip));
    route(app, e.generate, ({ auth, body, ip }) => cks.generate(auth, body, ip));
    route(app, e.boxes, ({ query }) => boxes.page(query));
    route(app, e.setBox, ({ auth, params, body, ip }) => boxes.set(auth, params.boxId, body.ck, ip));
    route(app, e.importBoxes, ({ auth, body, ip, lang }) => boxes.import(auth, body, ip, lang));
    route(app, e.boxChanges, ({ query }) => boxes.changes(query));
  },
  { name: 'ck', dependencies: ['database', 'bus', 'datalog'] },
);
