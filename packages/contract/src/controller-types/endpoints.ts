import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { controllerTypeDetail, controllerTypeParams, controllerTypeSummary } from './schemas.js';

/** Controller types and register maps, readable by everyone who sees devices. */
export const endpoints = {
  list: endpoint({
    method: 'GET',
    path: '/controller-types',
    access: 'devices',
    response: z.array(controllerTypeSummary),
    tags: ['controller-types'],
    summary: 'Controller types (models) with the size of their register maps',
  }),
  get: endpoint({
    method: 'GET',
    path: '/controller-types/:id',
    access: 'devices',
    params: controllerTypeParams,
    response: controllerTypeDetail,
    tags: ['controller-types'],
    summary: 'One controller type with its whole register map',
  }),
};
