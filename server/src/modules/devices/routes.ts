import { api } from '@dms/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import type { DeviceService } from './service.js';

/** /devices: the devices the signed-in user sees (docs/api.md). */
export function deviceRoutes(app: FastifyInstance, devices: DeviceService): void {
  const e = api.devices;
  route(app, e.list, ({ auth, query, lang }) => devices.list(auth, query, lang));
  route(app, e.counts, ({ auth, query }) => devices.listCounts(auth, query.q));
  route(app, e.detail, ({ auth, params, lang }) => devices.detail(auth, params.boxId, params.controller, lang));
  route(app, e.update, ({ auth, params, body, lang, ip }) => devices.update(auth, params.boxId, params.controller, body, lang, ip));
  route(app, e.series, ({ auth, params, query }) => devices.series(auth, params.boxId, params.controller, query));
  route(app, e.faultRecords, ({ auth, params }) => devices.faultRecords(auth, params.boxId, params.controller));
  route(app, e.write, ({ auth, params, body, ip, lang }) =>
    devices.write(auth, params.boxId, params.controller, params.register, body.value, ip, lang),
  );
}
