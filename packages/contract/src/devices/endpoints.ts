import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  deviceListCounts,
  deviceDetail,
  deviceInfoBody,
  devicePage,
  deviceParams,
  deviceQuery,
  faultRecord,
  registerParams,
  seriesQuery,
  seriesResult,
  writeBody,
  writeResult,
} from './schemas.js';

const tags = ['devices'] as const;

/** /devices: the devices the signed-in user sees (docs/api.md). */
export const endpoints = {
  list: endpoint({
    method: 'GET',
    path: '/devices',
    access: 'devices',
    query: deviceQuery,
    response: devicePage,
    tags,
    summary: 'Devices the user sees: filtered by status and search, sorted (then by box id and controller), paginated',
  }),
  counts: endpoint({
    method: 'GET',
    path: '/devices/counts',
    access: 'devices',
    query: deviceQuery.pick({ q: true }),
    response: deviceListCounts,
    tags,
    summary: "How many of the user's devices matching q are in each status (the list's quick filters)",
  }),
  detail: endpoint({
    method: 'GET',
    path: '/devices/:boxId/:controller',
    access: 'devices',
    params: deviceParams,
    response: deviceDetail,
    tags,
    summary: 'One device: status, recent transitions, latest register values, rights',
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/devices/:boxId/:controller',
    access: 'devices',
    params: deviceParams,
    body: deviceInfoBody,
    response: deviceDetail,
    tags,
    summary: "Change a device's information (owner, root, admin); answers the device",
  }),
  series: endpoint({
    method: 'GET',
    path: '/devices/:boxId/:controller/series',
    access: 'devices',
    params: deviceParams,
    query: seriesQuery,
    response: seriesResult,
    tags,
    summary: 'History of registers over [from, to), downsampled to at most `points` buckets (min/max/avg of raw values)',
  }),
  faultRecords: endpoint({
    method: 'GET',
    path: '/devices/:boxId/:controller/fault-records',
    access: 'devices',
    params: deviceParams,
    response: z.array(faultRecord),
    tags,
    summary: 'Fault and alert records of a device, newest first',
  }),
  write: endpoint({
    method: 'POST',
    path: '/devices/:boxId/:controller/registers/:register',
    access: 'devices',
    params: registerParams,
    body: writeBody,
    response: writeResult,
    tags,
    summary: 'Write a register (value in engineering units); answers acknowledged, rejected or timed_out',
  }),
};
