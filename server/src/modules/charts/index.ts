import { api } from '@dms/contract';
import fp from 'fastify-plugin';
import { route } from '../../http/route.js';
import { DeviceCharts } from './device-charts.js';
import { utilisationSource } from './export.js';
import { ChartService } from './service.js';

declare module '../../events/bus.js' {
  interface DomainEvents {
    /** A chart was added, changed or deleted. */
    chartsChanged: { chartId: number };
  }
}

/**
 * Chart management (/chartsManage; docs/api.md "Charts"): gauge, stacked and stop-status charts on a type's
 * registers, and for a device's pages the charts its type shows, the stop-status timeline, utilisation per day and its
 * export (thin routes over the services).
 */
export default fp(
  (app) => {
    const charts = new ChartService(app.db, app.clock, app.bus, app.datalog, app.controllerTypes);
    const device = new DeviceCharts(app.db, app.clock, app.controllerTypes);
    app.exports.register('utilisation', utilisationSource(device));
    const c = api.charts;
    route(app, c.list, ({ query }) => charts.page(query));
    route(app, c.get, ({ params }) => charts.get(params.id));
    route(app, c.create, ({ auth, body, ip }) => charts.create(auth, body, ip));
    route(app, c.update, ({ auth, params, body, ip, lang }) => charts.update(auth, params.id, body, ip, lang));
    route(app, c.copy, ({ auth, params, ip, lang }) => charts.copy(auth, params.id, lang, ip));
    route(app, c.remove, ({ auth, params, ip, lang }) => charts.remove(auth, params.id, ip, lang));
    route(app, c.ofDevice, ({ auth, params }) => device.ofDevice(auth, params.boxId, params.controller));
    route(app, c.stopStatus, ({ auth, params, query }) =>
      device.stopStatus(auth, params.id, params.boxId, params.controller, query.from, query.to),
    );
    route(app, c.fleetStopStatus, ({ auth, query }) => device.fleet(auth, query.from));
    route(app, c.utilisation, ({ auth, params, query }) =>
      device.utilisation(auth, params.id, params.boxId, params.controller, query.from, query.days),
    );
  },
  { name: 'charts', dependencies: ['database', 'bus', 'datalog', 'controller-types', 'exports'] },
);
