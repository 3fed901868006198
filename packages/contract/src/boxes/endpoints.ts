import { endpoint } from '../endpoint.js';
import { pageQuery } from '../envelope.js';
import { boxIdParams } from '../devices/schemas.js';
import {
  boxDetail,
  clearFaultRecordsBody,
  faultRecordsCleared,
  ingestStats,
  ipLogPage,
  ipLogQuery,
  unregisteredBoxPage,
} from './schemas.js';

const tags = ['boxes'] as const;

/** /boxes: root's view of the fleet's connections (spec 2 smartbox: ip-log; unregistered boxes), and one box's page. */
export const endpoints = {
  unregistered: endpoint({
    method: 'GET',
    path: '/boxes/unregistered',
    access: 'smartboxRoot',
    query: pageQuery,
    response: unregisteredBoxPage,
    tags,
    summary: 'Boxes refused at connect (unregistered or wrong password), latest first',
  }),
  ipLog: endpoint({
    method: 'GET',
    path: '/boxes/ip-log',
    access: 'smartboxRoot',
    query: ipLogQuery,
    response: ipLogPage,
    tags,
    summary: 'IP change log (box id, source IP, destination IP, time), newest first',
  }),
  ingestStats: endpoint({
    method: 'GET',
    path: '/boxes/ingest-stats',
    access: 'smartboxRoot',
    response: ingestStats,
    tags,
    summary: 'What ingest received, stored and dropped (per reason) since start',
  }),
  detail: endpoint({
    method: 'GET',
    path: '/boxes/:boxId',
    // Anyone who sees a device of the box, or owns it (the service checks); not only root.
    access: 'devices',
    params: boxIdParams,
    response: boxDetail,
    tags,
    summary: 'One cloud box: what it reported, its controllers the user sees, IP changes and connections (newest first)',
  }),
  clearFaultRecords: endpoint({
    method: 'POST',
    path: '/boxes/:boxId/fault-records/clear',
    access: 'boxClearFaultRecord',
    confirms: true,
    params: boxIdParams,
    body: clearFaultRecordsBody,
    response: faultRecordsCleared,
    tags,
    summary:
      "Deletes a box's ended fault records, all or started in [from, to): unconfirmed, 20004 with the counts; confirmed, done (open ones are kept)",
  }),
};
