import { api } from '@dms/contract';
import { endpointQuery, type CallQuery } from '../api/call';

/** A device's history and the fault records across the user's devices. */
export const historyQueries = {
  table: (boxId: number, controller: number, query: CallQuery<typeof api.history.snapshots>) =>
    endpointQuery(api.history.snapshots, { params: { boxId, controller }, query }),
  faultRecords: (query: CallQuery<typeof api.history.faultRecords>) => endpointQuery(api.history.faultRecords, { query }),
};
