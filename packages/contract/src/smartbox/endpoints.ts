import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  assignAccount,
  assignAccountQuery,
  boxAssignBody,
  boxAssigned,
  boxAssignPreview,
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

/**
 * Root's and limited_admin's box tools: commands to cloud boxes and their data upload settings (root; docs/box-protocol.md
 * "Commands"), assigning boxes to an account (limited_admin). docs/api.md "Box commands", "Assigning boxes".
 */
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
  assignAccounts: endpoint({
    method: 'GET',
    path: '/smartbox/assign/accounts',
    access: 'boxAssign',
    query: assignAccountQuery,
    response: z.array(assignAccount),
    tags,
    summary: 'Accounts boxes may be assigned to (manufacturers, distributors, managers; first 50 matching)',
  }),
  assignPreview: endpoint({
    method: 'POST',
    path: '/smartbox/assign/preview',
    access: 'boxAssign',
    body: boxAssignBody,
    response: boxAssignPreview,
    tags,
    summary: 'What assigning boxes (a range or a list) to an account would do; nothing changes',
  }),
  assign: endpoint({
    method: 'POST',
    path: '/smartbox/assign',
    access: 'boxAssign',
    body: boxAssignBody,
    response: boxAssigned,
    tags,
    summary: 'Assigns boxes (a range or a list) to an account: they and their devices become its, with reach refreshed',
  }),
};
