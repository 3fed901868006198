import { endpoint } from '../endpoint.js';
import { deviceParams } from '../devices/schemas.js';
import {
  faultRecordPage,
  faultRecordsQuery,
  historyMaps,
  historyMapsQuery,
  historyPage,
  historyQuery,
  klineQuery,
  klineResult,
  snapshotQuery,
  snapshotResult,
} from './schemas.js';

const tags = ['history'] as const;

/** /history: one device's stored snapshots, candles and values at a moment; fault records across devices. */
export const endpoints = {
  snapshots: endpoint({
    method: 'GET',
    path: '/history/:boxId/:controller',
    access: 'devices',
    scope: 'devices:read',
    params: deviceParams,
    query: historyQuery,
    response: historyPage,
    tags,
    summary: 'Stored snapshots of [from, to), newest first, a page at a time, with the chosen registers (raw words)',
  }),
  maps: endpoint({
    method: 'GET',
    path: '/history/:boxId/:controller/maps',
    access: 'devices',
    scope: 'devices:read',
    params: deviceParams,
    query: historyMapsQuery,
    response: historyMaps,
    tags,
    summary:
      'The map eras [from, to) spans, oldest first (each saved version from when it took effect); empty when the map in use covers it',
  }),
  kline: endpoint({
    method: 'GET',
    path: '/history/:boxId/:controller/kline',
    access: 'devices',
    scope: 'devices:read',
    params: deviceParams,
    query: klineQuery,
    response: klineResult,
    tags,
    summary: 'Candles (open, high, low, close, count) of one register per hour or day, buckets aligned to `from`; empty ones left out',
  }),
  snapshot: endpoint({
    method: 'GET',
    path: '/history/:boxId/:controller/snapshot',
    access: 'devices',
    scope: 'devices:read',
    params: deviceParams,
    query: snapshotQuery,
    response: snapshotResult,
    tags,
    summary: "Every register's raw word at a moment (the snapshot at `at` or the last before it), or a fault record's own snapshot",
  }),
  faultRecords: endpoint({
    method: 'GET',
    path: '/history/fault-records',
    access: 'devices',
    scope: 'events:read',
    query: faultRecordsQuery,
    response: faultRecordPage,
    tags,
    summary:
      "Fault and alert records started in [from, to) on the user's devices, newest first, with the bit's name in the request's language",
  }),
};
