import { api } from '@dms/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import type { HistoryService } from './service.js';

/** /history: a device's snapshots, candles and values at a moment; fault records across devices. */
export function historyRoutes(app: FastifyInstance, history: HistoryService): void {
  const e = api.history;
  route(app, e.snapshots, ({ auth, params, query }) => history.history(auth, params.boxId, params.controller, query));
  route(app, e.maps, ({ auth, params, query }) => history.eras(auth, params.boxId, params.controller, query));
  route(app, e.kline, ({ auth, params, query }) => history.kline(auth, params.boxId, params.controller, query));
  route(app, e.snapshot, ({ auth, params, query }) => history.snapshot(auth, params.boxId, params.controller, query));
  route(app, e.faultRecords, ({ auth, query, lang }) => history.faultRecords(auth, query, lang));
}
