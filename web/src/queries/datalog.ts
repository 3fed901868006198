import { api, type ClientErrorsQuery, type OperationLogQuery, type ServerLogQuery } from '@dms/contract';
import { endpointQuery } from '../api/call';

/** The logs. */
export const datalogQueries = {
  operationLog: (query: OperationLogQuery) => endpointQuery(api.datalog.operationLog, { query }),
  serverLog: (query: ServerLogQuery) => endpointQuery(api.datalog.serverLog, { query }),
  clientErrors: (query: ClientErrorsQuery) => endpointQuery(api.datalog.clientErrors, { query }),
};
