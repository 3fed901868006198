import { SERVER_LOG_SOURCES, type ServerLogQuery } from '@dms/contract';
import { oneOfParam, type ListParams, type ListSpec } from '../../../components/list-page/list-params';

export type Source = (typeof SERVER_LOG_SOURCES)[number];

export interface ServerLogFilter {
  source: Source | undefined;
}

/** The server log's filter as the URL keeps it (`?source=console`); newest first. */
export const SERVER_LOG_LIST: ListSpec<ServerLogFilter> = { filter: { source: oneOfParam(SERVER_LOG_SOURCES) } };

export function serverLogQuery({ filter, page, pageSize }: ListParams<ServerLogFilter>): ServerLogQuery {
  return { ...filter, page, page_size: pageSize };
}
