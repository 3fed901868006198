import { endpoint } from '../endpoint.js';
import { emptyData } from '../user/schemas.js';
import {
  clientErrorBody,
  clientErrorsPage,
  clientErrorsQuery,
  operationLogPage,
  operationLogQuery,
  serverLogPage,
  serverLogQuery,
} from './schemas.js';

/** /datalog: the operation log, the server log, and the console's error reports. */
export const endpoints = {
  operationLog: endpoint({
    method: 'GET',
    path: '/datalog/operation-log',
    access: 'operationLog',
    query: operationLogQuery,
    response: operationLogPage,
    tags: ['datalog'],
    summary: "Operation log, newest first: the user's own operations and their subordinates' (root: everyone's)",
  }),
  serverLog: endpoint({
    method: 'GET',
    path: '/datalog/server-log',
    access: 'serverLog',
    query: serverLogQuery,
    response: serverLogPage,
    tags: ['datalog'],
    summary: "The server's own errors, newest first (root only)",
  }),
  clientErrors: endpoint({
    method: 'GET',
    path: '/datalog/client-errors',
    access: 'serverLog',
    query: clientErrorsQuery,
    response: clientErrorsPage,
    tags: ['datalog'],
    summary: 'Console errors reported by signed-in consoles, newest first (root only)',
  }),
  clientError: endpoint({
    method: 'POST',
    path: '/datalog/client-error',
    access: 'signedIn',
    body: clientErrorBody,
    response: emptyData,
    tags: ['datalog'],
    summary: 'Report a console error (the production console does this by itself while signed in; limited in size and rate)',
  }),
};
