import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { emptyData } from '../user/schemas.js';
import { templateBody, templateDetail, templateListQuery, templatePage, templateParams, templateSaveBody } from './schemas.js';

const tags = ['permission-templates'] as const;

export const endpoints = {
  list: endpoint({
    method: 'GET',
    path: '/permission-templates',
    access: 'deviceType',
    query: templateListQuery,
    response: templatePage,
    tags,
    summary: 'Permission templates, searched by name, sorted (level then name by default), paginated, with how many users hold each',
  }),
  get: endpoint({
    method: 'GET',
    path: '/permission-templates/:id',
    access: 'deviceType',
    params: templateParams,
    response: templateDetail,
    tags,
    summary: 'One template with every right it names',
  }),
  create: endpoint({
    method: 'POST',
    path: '/permission-templates',
    access: 'deviceType',
    body: templateBody,
    response: z.object({ id: z.number().int() }),
    tags,
    summary: 'A new template (no named rights yet: its defaults apply to every register)',
  }),
  save: endpoint({
    method: 'PUT',
    path: '/permission-templates/:id',
    access: 'deviceType',
    params: templateParams,
    body: templateSaveBody,
    response: emptyData,
    tags,
    summary: 'Saves a template: its fields and its named rights, replaced in one transaction; users holding it follow at once',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/permission-templates/:id',
    access: 'deviceType',
    params: templateParams,
    response: emptyData,
    tags,
    summary: 'Deletes a template no user holds; the built-in ones stay',
  }),
};
