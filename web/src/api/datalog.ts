import {
  emptyData,
  operationLogPage,
  serverLogPage,
  type ClientErrorBody,
  type OperationLogPage,
  type OperationLogQuery,
  type ServerLogPage,
  type ServerLogQuery,
} from '@dms/contract';
import { request } from './client';

/** /datalog calls. */

export function getServerLog(query: ServerLogQuery, signal?: AbortSignal): Promise<ServerLogPage> {
  return request({ path: '/datalog/server-log', query: { ...query }, ...(signal ? { signal } : {}) }, serverLogPage);
}

/** Reports a console error (production only). Quiet: it never shows anything, whatever happens. */
export function reportClientError(body: ClientErrorBody): Promise<unknown> {
  return request({ method: 'POST', path: '/datalog/client-error', body, quiet: true }, emptyData);
}

export function getOperationLog(query: OperationLogQuery, signal?: AbortSignal): Promise<OperationLogPage> {
  return request({ path: '/datalog/operation-log', query: { ...query }, ...(signal ? { signal } : {}) }, operationLogPage);
}
