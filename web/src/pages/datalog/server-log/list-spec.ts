import type { ClientErrorsQuery, ServerLogQuery } from '@dms/contract';
import { oneOfParam, type ListParams, type ListSpec } from '@/components/list-page/list-params';

/** The two logs the page shows: the server's own errors, and the errors signed-in consoles reported (a store apart). */
export const LOG_VIEWS = ['server', 'console'] as const;
export type LogView = (typeof LOG_VIEWS)[number];

export interface ServerLogFilter {
  source: LogView;
}

/** Which log the page shows, as the URL keeps it (`?source=console`; the server's errors by default); newest first. */
export const SERVER_LOG_LIST: ListSpec<ServerLogFilter> = { filter: { source: oneOfParam(LOG_VIEWS, 'server') } };

export function serverLogQuery({ page, pageSize }: ListParams<ServerLogFilter>): ServerLogQuery {
  return { page, page_size: pageSize };
}

export function clientErrorsQuery({ page, pageSize }: ListParams<ServerLogFilter>): ClientErrorsQuery {
  return { page, page_size: pageSize };
}
