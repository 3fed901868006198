import { CACHE_GROUPS, type CacheGroup, type CacheKeysQuery } from '@dms/contract';
import { oneOfParam, textParam, type ListParams, type ListSpec } from '@/components/list-page/list-params';

export interface KeyFilter {
  group: CacheGroup;
  q: string | undefined;
}

/** Search text as the server takes it. */
export const SEARCH_MAX = 200;

/** The group shown (`?group=`, the sign-in protection's by default) and the search in its names (`?q=`). */
export const KEY_LIST: ListSpec<KeyFilter> = { filter: { group: oneOfParam(CACHE_GROUPS, 'login'), q: textParam(SEARCH_MAX) } };

export function keysQuery({ filter, page, pageSize }: ListParams<KeyFilter>): CacheKeysQuery {
  return { group: filter.group, page, page_size: pageSize, ...(filter.q ? { q: filter.q } : {}) };
}
