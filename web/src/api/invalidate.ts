import type { EndpointSpec } from '@dms/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { endpointKey } from './call';

/**
 * After a write: every cached answer of these endpoints (any input) is stale, and those a page shows are read again at
 * once, the pages kept alive behind other tabs included; the others are read when next shown. The one way a write
 * tells the console what it changed (`useSubmit`'s `invalidates`, the device pages' actions).
 */
export async function invalidateEndpoints(client: QueryClient, endpoints: readonly EndpointSpec[]): Promise<void> {
  await Promise.all(endpoints.map((endpoint) => client.invalidateQueries({ queryKey: endpointKey(endpoint) })));
}

/** `invalidateEndpoints` on the console's cache. */
export function useInvalidate(): (endpoints: readonly EndpointSpec[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback((endpoints: readonly EndpointSpec[]) => invalidateEndpoints(client, endpoints), [client]);
}
