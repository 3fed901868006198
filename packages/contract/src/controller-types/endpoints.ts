import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { emptyData } from '../user/schemas.js';
import {
  controllerTypeDetail,
  controllerTypeParams,
  controllerTypeSummary,
  relationBody,
  relationListQuery,
  relationPage,
  relationParams,
  typeCopyBody,
  typeListQuery,
  typePage,
  unmappedCode,
} from './schemas.js';

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
  relations: endpoint({
    method: 'GET',
    path: '/controller-types/relations',
    access: 'deviceType',
    query: relationListQuery,
    response: relationPage,
    tags,
    summary: 'Model codes and the controller type each stands for, searched by code or type, with how many devices report each',
  }),
  unmapped: endpoint({
    method: 'GET',
    path: '/controller-types/relations/unmapped',
    access: 'deviceType',
    response: z.array(unmappedCode),
    tags,
    summary: 'Model codes the fleet reports that no relation and no type names, with how many devices report each (most first)',
  }),
  saveRelation: endpoint({
    method: 'PUT',
    path: '/controller-types/relations/:modelCode',
    access: 'deviceType',
    params: relationParams,
    body: relationBody,
    response: z.object({ devices: z.number().int() }),
    tags,
    summary: 'Maps a model code to a type (new or changed): the devices reporting it take the type at once; answers how many',
  }),
  removeRelation: endpoint({
    method: 'DELETE',
    path: '/controller-types/relations/:modelCode',
    access: 'deviceType',
    params: relationParams,
    response: z.object({ devices: z.number().int() }),
    tags,
    summary: 'Removes a relation: the devices reporting the code fall back to the type of that code, or none; answers how many',
  }),
};
