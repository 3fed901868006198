import { api, type BoxRegQuery } from '@dms/contract';
import { endpointQuery } from '../api/call';

/** Box registration: the registered boxes and who holds each box's devices. */
export const boxRegInfoQueries = {
  page: (query: BoxRegQuery) => endpointQuery(api.boxRegInfo.list, { query }),
  links: (boxId: number) => endpointQuery(api.boxRegInfo.links, { params: { boxId } }),
};
