import { api, type BoxRegQuery } from '@dms/contract';
import { endpointKey, endpointQuery } from '../api/call';

/** Box registration: the registered boxes and who holds each box's devices. */
export const boxRegInfoQueries = {
  /** The prefix of every page of the list (a new registration invalidates them). */
  all: endpointKey(api.boxRegInfo.list),
  page: (query: BoxRegQuery) => endpointQuery(api.boxRegInfo.list, { query }),
  links: (boxId: number) => endpointQuery(api.boxRegInfo.links, { params: { boxId } }),
};
