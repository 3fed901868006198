import { endpoint } from '../endpoint.js';
import {
  commandListQuery,
  commandPage,
  commandParams,
  commandRow,
  commandsSent,
  dwsBody,
  dwsPage,
  dwsQuery,
  sendCommandBody,
} from './schemas.js';

const tags = ['smartbox'] as const;

/** Commands to cloud boxes and their data upload settings (root; docs/box-protocol.md "Commands", docs/api.md "Box commands"). */
export const endpoints = {
  send: endpoint({
    method: 'POST',
    path: '/smartbox/commands',
    access: 'smartboxRoot',
    body: sendCommandBody,
    response: commandsSent,
    tags,
    summary: 'Sends one command to boxes: at once to those online, the others when they come online or until it expires',
  }),
  list: endpoint({
    method: 'GET',
    path: '/smartbox/commands',
    access: 'smartboxRoot',
    query: commandListQuery,
    response: commandPage,
    tags,
    summary: 'Commands sent to boxes and their states, newest first; by box, batch, state or command',
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/smartbox/commands/:id/cancel',
    access: 'smartboxRoot',
    params: commandParams,
    response: commandRow,
    tags,
    summary: 'Cancels a command still waiting for its box (queued)',
  }),
  dws: endpoint({
    method: 'GET',
    path: '/smartbox/dws',
    access: 'smartboxRoot',
    query: dwsQuery,
    response: dwsPage,
    tags,
    summary: "Boxes' data upload settings: as set, as the box reported, and the latest config command's state",
  }),
  setDws: endpoint({
    method: 'POST',
    path: '/smartbox/dws',
    access: 'smartboxRoot',
    body: dwsBody,
    response: commandsSent,
    tags,
    summary: 'Sets boxes’ data upload settings and sends them as one config command (absent fields unchanged)',
  }),
};
