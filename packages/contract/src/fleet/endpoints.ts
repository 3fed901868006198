import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { fleetQuery, fleetSummary, mapPoint, mapQuery } from './schemas.js';

const tags = ['fleet'] as const;

/** /fleet: the dashboard's and the large screen's figures, and the map, over the devices the user sees. */
export const endpoints = {
  summary: endpoint({
    method: 'GET',
    path: '/fleet/summary',
    access: 'devices',
    scope: 'devices:read',
    query: fleetQuery,
    response: fleetSummary,
    tags,
    summary:
      'Counts per status, online rate, boxes, faults and alerts since `since`, the last 24 hours, most faulty models, latest transitions',
  }),
  map: endpoint({
    method: 'GET',
    path: '/fleet/map',
    access: 'devices',
    scope: 'devices:read',
    query: mapQuery,
    response: z.array(mapPoint),
    tags,
    summary: 'Every device the user sees (optionally of one status or group) with its place',
  }),
};
