import { endpoint } from '../endpoint.js';
import { exportBody, exportJob, exportParams } from './schemas.js';

const tags = ['exports'] as const;

/** /exports: .xlsx exports as jobs with progress (docs/api.md). Each kind checks its own rights. */
export const endpoints = {
  start: endpoint({
    method: 'POST',
    path: '/exports',
    access: 'devices',
    scope: 'devices:read',
    body: exportBody,
    response: exportJob,
    tags,
    summary: 'Start an export (devices, history of a device, fault records); answers the job',
  }),
  status: endpoint({
    method: 'GET',
    path: '/exports/:id',
    access: 'devices',
    scope: 'devices:read',
    params: exportParams,
    response: exportJob,
    tags,
    summary: "An export's progress (rows done of total) and state",
  }),
  file: endpoint({
    method: 'GET',
    path: '/exports/:id/file',
    access: 'devices',
    scope: 'devices:read',
    params: exportParams,
    response: 'file',
    tags,
    summary: 'The finished .xlsx, once, for the user who started the export',
  }),
};
