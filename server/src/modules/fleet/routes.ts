import { api } from '@dms/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import type { FleetService } from './service.js';

/** /fleet: the dashboard's and the large screen's figures, and the map, over the devices the user sees. */
export function fleetRoutes(app: FastifyInstance, fleet: FleetService): void {
  route(app, api.fleet.summary, ({ auth, query }) => fleet.summary(auth, query.since));
  route(app, api.fleet.map, ({ auth, query }) => fleet.map(auth, query.status));
}
