import { api } from '@dms/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import type { ControllerTypeService } from './service.js';

/** Controller types and register maps, readable by everyone who sees devices. */
export function controllerTypeRoutes(app: FastifyInstance, types: ControllerTypeService): void {
  route(app, api.controllerTypes.list, () => types.list());
  route(app, api.controllerTypes.get, ({ params }) => types.get(params.id));
}
