import { api } from '@dms/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import type { BoxesService } from './service.js';

/** /boxes: root's view of the fleet's connections (spec 2 smartbox: ip-log; unregistered boxes), and one box's page. */
export function boxRoutes(app: FastifyInstance, boxes: BoxesService): void {
  const e = api.boxes;
  route(app, e.unregistered, ({ query }) => boxes.unregistered(query));
  route(app, e.ipLog, ({ query }) => boxes.ipLog(query));
  route(app, e.ingestStats, () => boxes.stats());
  route(app, e.detail, ({ auth, params, lang }) => boxes.detail(auth, params.boxId, lang));
  route(app, e.clearFaultRecords, ({ auth, params, body, ip }) => boxes.clearFaultRecords(auth, params.boxId, body, ip));
}
