import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { deviceParams } from '../devices/schemas.js';
import { emptyData } from '../user/schemas.js';
import {
  chartBody,
  chartDetail,
  chartDeviceParams,
  chartListQuery,
  chartPage,
  chartParams,
  deviceChart,
  stopStatusQuery,
  stopStatusResult,
  utilisationQuery,
  utilisationResult,
} from './schemas.js';

const tags = ['charts'] as const;

/** Chart management (root: /chartsManage; issue 21; docs/api.md "Charts"), and the charts a device's page shows. */
export const endpoints = {
  list: endpoint({
    method: 'GET',
    path: '/charts',
    access: 'chartsManage',
    query: chartListQuery,
    response: chartPage,
    tags,
    summary: 'The charts of one kind, searched by name, filtered by type, each with the types that show it',
  }),
  get: endpoint({
    method: 'GET',
    path: '/charts/:id',
    access: 'chartsManage',
    params: chartParams,
    response: chartDetail,
    tags,
    summary: 'One chart',
  }),
  create: endpoint({
    method: 'POST',
    path: '/charts',
    access: 'chartsManage',
    body: chartBody,
    response: chartDetail,
    tags,
    summary: 'Adds a chart; its registers (and bits) must be in its type’s map',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/charts/:id',
    access: 'chartsManage',
    params: chartParams,
    body: chartBody,
    response: chartDetail,
    tags,
    summary: 'Saves a chart; its kind, and its type while a type shows it, stay',
  }),
  copy: endpoint({
    method: 'POST',
    path: '/charts/:id/copy',
    access: 'chartsManage',
    params: chartParams,
    response: chartDetail,
    tags,
    summary: 'Copies a chart as a new one, shown nowhere, named “… (copy)”',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/charts/:id',
    access: 'chartsManage',
    params: chartParams,
    response: emptyData,
    tags,
    summary: 'Deletes a chart; refused while a type shows it, naming the types',
  }),
  ofDevice: endpoint({
    method: 'GET',
    path: '/charts/device/:boxId/:controller',
    access: 'devices',
    params: deviceParams,
    response: z.array(deviceChart),
    tags,
    summary: 'The charts the device’s type shows on its pages, each withheld where the viewer may not read it',
  }),
  stopStatus: endpoint({
    method: 'GET',
    path: '/charts/:id/stop-status/:boxId/:controller',
    access: 'devices',
    params: chartDeviceParams,
    query: stopStatusQuery,
    response: stopStatusResult,
    tags,
    summary: 'A stop-status chart over a window of one device: its segments (summing to the window) and totals per state',
  }),
  utilisation: endpoint({
    method: 'GET',
    path: '/charts/:id/utilisation/:boxId/:controller',
    access: 'devices',
    params: chartDeviceParams,
    query: utilisationQuery,
    response: utilisationResult,
    tags,
    summary: 'A stop-status chart’s utilisation per day (1–31 days) of one device, with each day’s totals per state',
  }),
};
