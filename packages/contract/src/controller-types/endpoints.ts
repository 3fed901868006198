import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { emptyData } from '../user/schemas.js';
import { controllerTypeDetail, controllerTypeParams, controllerTypeSummary, typeCopyBody, typeListQuery, typePage } from './schemas.js';

const tags = ['controller-types'] as const;

/** Controller types and register maps: read by everyone who sees devices; managed by root (/device-type/type-config). */
export const endpoints = {
  list: endpoint({
    method: 'GET',
    path: '/controller-types',
    access: 'devices',
    response: z.array(controllerTypeSummary),
    tags,
    summary: 'Controller types (models) with the size of their register maps',
  }),
  page: endpoint({
    method: 'GET',
    path: '/controller-types/list',
    access: 'deviceType',
    query: typeListQuery,
    response: typePage,
    tags,
    summary:
      'Controller types as root manages them: code or name (any language) searched, kind filtered, sorted, paginated, each with its version and how many devices use it',
  }),
  get: endpoint({
    method: 'GET',
    path: '/controller-types/:id',
    access: 'devices',
    params: controllerTypeParams,
    response: controllerTypeDetail,
    tags,
    summary: 'One controller type with its whole register map',
  }),
  copy: endpoint({
    method: 'POST',
    path: '/controller-types/:id/copy',
    access: 'deviceType',
    params: controllerTypeParams,
    body: typeCopyBody,
    response: z.object({ id: z.number().int() }),
    tags,
    summary: "A new type with another type's register map, as its version 1, under a code and name of its own",
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/controller-types/:id',
    access: 'deviceType',
    params: controllerTypeParams,
    response: emptyData,
    tags,
    summary: 'Deletes a type no device uses, with its versions and the template rights that name its registers',
  }),
};
